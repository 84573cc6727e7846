/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The examples keep up with the nodes: every WMS node of every example (examples/*.json and
 * examples/erp-database/*.json) is at its node type's newest version, and every resource mapper in
 * them is saved with the fields the node loads from the built-in description (what the editor
 * shows when the example is opened, the examples' credential using that description), a write's
 * with the record's key as the key to match on, and (mapped by hand) shows only fields it sets.
 * After a change to the nodes or the description, `node dev/scripts/example-fields.js` brings them
 * up to date.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
	IDataObject,
	INode,
	INodeType,
	INodeTypeDescription,
	ResourceMapperField,
} from 'n8n-workflow';

import {
	FILTER_FIELDS,
	mapperFields,
	RECORD_FIELDS,
	type MapperValue,
} from '../../nodes/shared/form/mapper';
import { BUILT_IN } from '../../nodes/shared/platform';
import { displayedMappers } from '../support/displayed';
import type { Resource } from '../../nodes/shared/router';
import { resources as courierService } from '../../nodes/WmsCourierService/actions';
import { resources as customer } from '../../nodes/WmsCustomer/actions';
import { resources as dangerousGoods } from '../../nodes/WmsDangerousGoods/actions';
import { resources as erpUpdate } from '../../nodes/WmsErpUpdate/actions';
import { resources as inventory } from '../../nodes/WmsInventory/actions';
import { resources as reconciliation } from '../../nodes/WmsInventoryReconciliation/actions';
import { resources as productionOrder } from '../../nodes/WmsProductionOrder/actions';
import { resources as purchaseOrder } from '../../nodes/WmsPurchaseOrder/actions';
import { resources as salesOrder } from '../../nodes/WmsSalesOrder/actions';
import { resources as supplier } from '../../nodes/WmsSupplier/actions';
import { resources as warehouseStructure } from '../../nodes/WmsWarehouseStructure/actions';
import { ALL_NODE_TYPES } from '../support/nodeTypes';

const PACKAGE = 'n8n-nodes-wms-integration.';
const ROOT = join(__dirname, '..', '..');

/** The operations of each area node, whose contract names the route a mapper loads its fields from. */
const RESOURCES: Record<string, Resource[]> = {
	wmsCourierService: courierService,
	wmsCustomer: customer,
	wmsDangerousGoods: dangerousGoods,
	wmsErpUpdate: erpUpdate,
	wmsInventory: inventory,
	wmsInventoryReconciliation: reconciliation,
	wmsProductionOrder: productionOrder,
	wmsPurchaseOrder: purchaseOrder,
	wmsSalesOrder: salesOrder,
	wmsSupplier: supplier,
	wmsWarehouseStructure: warehouseStructure,
};

interface Example {
	file: string;
	nodes: INode[];
}

const examples: Example[] = ['examples', join('examples', 'erp-database')].flatMap((folder) =>
	readdirSync(join(ROOT, folder))
		.filter((file) => file.endsWith('.json'))
		.map((file) => ({
			file: join(folder, file),
			nodes: (JSON.parse(readFileSync(join(ROOT, folder, file), 'utf8')) as { nodes: INode[] })
				.nodes,
		})),
);

/** Every WMS node of the examples, with its type's name (an agent's tool is its node's type). */
const wmsNodes = examples.flatMap(({ file, nodes }) =>
	nodes
		.filter((node) => node.type.startsWith(PACKAGE))
		.map((node) => ({
			file,
			node,
			typeName: node.type.slice(PACKAGE.length).replace(/Tool$/, ''),
		})),
);

const descriptionOf = (typeName: string): INodeTypeDescription => {
	const type = ALL_NODE_TYPES.find((each) => each.description.name === typeName);
	if (!type) throw new Error(`no node type ${typeName}`);
	return (type as INodeType).description;
};

const newest = (description: INodeTypeDescription) => Math.max(...[description.version].flat());

/** What a field shows of itself in the editor (its `removed` is the example's choice). */
const asLoaded = (field: ResourceMapperField) => {
	const loaded = { ...field };
	delete loaded.removed;
	return loaded;
};

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

const mappers = wmsNodes.flatMap(({ file, node, typeName }) => {
	const description = descriptionOf(typeName);
	return displayedMappers(description, node).map((property) => ({
		where: `${file} › "${node.name}" › ${property.name}`,
		node,
		typeName,
		parameter: property.name,
		method: property.typeOptions?.resourceMapper?.resourceMapperMethod,
	}));
});

describe('the examples', () => {
	it('have WMS nodes, and mappers among them', () => {
		expect(wmsNodes.length).toBeGreaterThan(10);
		expect(mappers.length).toBeGreaterThan(5);
	});

	it.each(wmsNodes.map((each) => [`${each.file} › "${each.node.name}"`, each]))(
		"%s is at its node type's newest version",
		(_where, { node, typeName }) => {
			expect(node.typeVersion).toBe(newest(descriptionOf(typeName)));
		},
	);

	it.each(mappers.map((each) => [each.where, each]))(
		'%s is saved with the fields the node loads and the key to match on; mapped by hand, it shows only fields it sets',
		(_where, { node, typeName, parameter, method }) => {
			const saved = node.parameters[parameter] as MapperValue;
			const operation = RESOURCES[typeName]
				?.find((resource) => resource.value === node.parameters.resource)
				?.operations.find((each) => each.value === node.parameters.operation);
			const contract = operation?.contract;
			expect(contract).toBeDefined();
			const route = contract!.route;
			const key = BUILT_IN.route(route).naturalKey ?? [];
			const loaded =
				method === RECORD_FIELDS
					? mapperFields(BUILT_IN.recordSpec(route, contract!.record?.checks), key)
					: method === FILTER_FIELDS
						? mapperFields(
								{ noun: 'filter', fields: BUILT_IN.filterFields(route) },
								undefined,
								false,
							)
						: undefined;
			expect(loaded).toBeDefined();

			expect(saved.schema?.length).toBeGreaterThan(0);
			expect(saved.schema!.map(asLoaded)).toEqual(loaded!.map(asLoaded));
			expect(saved.matchingColumns).toEqual(method === RECORD_FIELDS ? key : []);
			expect(key.length > 0 || method !== RECORD_FIELDS).toBe(true);

			// What the form shows: by hand, every field shown is set (or required, or the key), and every
			// value is on a shown field; Map Automatically shows no fields, the item is taken as it is.
			const value = (saved.value ?? {}) as IDataObject;
			const shown = saved.schema!.filter((field) => !field.removed).map((field) => field.id);
			if (saved.mappingMode === 'defineBelow') {
				const unset = saved.schema!.filter(
					(field) =>
						!field.removed &&
						!isSet(value[field.id]) &&
						!field.required &&
						!saved.matchingColumns!.includes(field.id),
				);
				expect(unset.map((field) => field.id)).toEqual([]);
				expect(Object.keys(value).filter((name) => !shown.includes(name))).toEqual([]);
				expect(Object.keys(value).length).toBeGreaterThan(0);
			} else {
				expect(saved.mappingMode).toBe('autoMapInputData');
				expect(shown).toEqual(saved.schema!.map((field) => field.id));
			}
		},
	);
});
