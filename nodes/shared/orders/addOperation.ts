/**
 * Add or Update for the three order nodes: the form (where the lines come from), then every
 * input item read and every order checked before anything is sent, sent in chunks; each order's
 * result or error pairs to all the input items it came from.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { camelName } from '../checking';
import {
	bulkInput,
	bulkOutput,
	fileInputProperties,
	onlyForItems,
	outputOptions,
} from '../file/properties';
import { writeFiles, writeItemsWithSummary, type ItemsRecord } from '../file/write';
import {
	bulkWriteOptions,
	bulkOptions,
	includeInputFields,
	includeInputFieldsOption,
	optionsCollection,
	unknownFieldsOptions,
	unknownFieldsPolicy,
} from '../form/options';
import {
	extraFieldsProperty,
	recordProperties,
	showFor,
	type ResourceOperation,
} from '../form/properties';
import { needsSentence, sentences, spoken } from '../form/words';
import { mapperProperty, RECORD_FIELDS } from '../form/mapper';
import type { Operation } from '../operations';
import { Output, type ItemRecord } from '../output';
import { effectiveSpec, gapError } from '../drift';
import {
	descriptionName,
	PlatformGap,
	recordSpec,
	type RecordCheck,
	type RoutePath,
} from '../platform';
import type { ExecuteSession } from '../session';
import { fromVersion, onlyVersions } from '../version';
import { formOrders, mappedOrders } from './mapped';
import { groupByOrderNumber } from './grouping';
import { linesListOf } from './linesList';
import { orderMappableFields, orderRecords } from './fromFile';
import { linesField, type OrderChecks, type OrderInput, type OrderShape } from './order';
import { checkedOrder } from './checked';

export interface OrderAddConfig extends ResourceOperation {
	route: RoutePath;
	/** The platform's name of the lines list: 'lines' or 'components'. */
	linesKey: string;
	/** Rules across fields the contract cannot say (dates in order). */
	checks?: RecordCheck[];
	action: string;
}

/** Where the lines come from, in place of the form's own lines list. */
function lineSourceProperties(
	op: ResourceOperation,
	shape: OrderShape,
	linesProperty: INodeProperties,
): INodeProperties[] {
	// Production orders call their lines "components".
	const label = linesField(shape).label;
	const linesKey = shape.linesKey;
	const fieldOfItem = (displayOptions: INodeProperties['displayOptions']): INodeProperties => ({
		displayName: `${label} Field`,
		name: 'linesField',
		type: 'string',
		default: linesKey,
		required: true,
		description: `Name of the input item's field that holds the order's ${label.toLowerCase()} as a list. With Group Lines By Order Number on, an item without it is itself one line.`,
		displayOptions,
	});
	return [
		{
			displayName: `${label} From`,
			name: 'linesFrom',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Define Below',
					value: 'form',
					description: `List the ${label.toLowerCase()} in this form (expressions welcome)`,
				},
				{
					name: 'A List Field of Each Input Item',
					value: 'field',
					description: 'The usual ERP export: one item per order with its lines in a list',
				},
			],
			default: 'form',
			displayOptions: showFor(op, { fieldsToSend: ['form'] }),
		},
		{
			...linesProperty,
			displayOptions: showFor(op, { fieldsToSend: ['form'], linesFrom: ['form'] }),
		},
		fieldOfItem(showFor(op, { fieldsToSend: ['form'], linesFrom: ['field'] })),
		fieldOfItem(showFor(op, { fieldsToSend: ['inputItem'] })),
		{
			displayName: 'Group Lines By Order Number',
			name: 'groupLines',
			type: 'boolean',
			default: false,
			description:
				'Whether input items with the same order number make one order (one input item per line, as many ERP exports give them). Line fields such as sku and quantity go to the line, the others to the order; prefix "line_" to put a shared name on the line (line_notes).',
			displayOptions: showFor(op),
		},
	];
}

export function orderAddOperation(config: OrderAddConfig): Operation {
	const shape: OrderShape = {
		spec: recordSpec(config.route, config.checks),
		linesKey: config.linesKey,
	};
	const linesName = camelName(config.linesKey);
	const before3 = recordProperties(shape.spec, config).flatMap((property) =>
		property.name === linesName ? lineSourceProperties(config, shape, property) : [property],
	);
	const groupLines = before3.find((property) => property.name === 'groupLines')!;
	// From version 3 the fields are the platform's, in n8n's mapper; the lines a list field of it, an item's list, or the item itself.
	const properties = [
		...onlyVersions(before3, 3, false),
		...onlyVersions(
			[
				mapperProperty(config, shape.spec.noun, RECORD_FIELDS),
				{
					...groupLines,
					description: `Whether input items with the same order number make one order (one input item per line, as many ERP exports give them): an item without a ${linesField(shape).label.toLowerCase()} list is itself one line, its fields going to the line or the order as the platform names them ("line_" puts a name both have on the line)`,
				},
				extraFieldsProperty(config),
			],
			3,
			true,
		),
	];
	return {
		value: config.operation,
		name: 'Add or Update',
		action: config.action,
		description: sentences(
			`Add ${shape.spec.noun}s with their ${spoken(linesField(shape).label)}, or update those the warehouse has not started on`,
			needsSentence(shape.spec.fields),
			needsSentence(linesField(shape).fields ?? []).replace(
				/^Needs/,
				`Each ${spoken(linesField(shape).label).replace(/s$/, '')} needs`,
			),
		),
		contract: { route: config.route, record: shape.spec },
		// Column Mapping on a platform's description offers its lines' fields under its name (order_lines).
		columnsOf: (spec) =>
			orderMappableFields({
				spec,
				linesKey: linesListOf(spec, config.linesKey).name ?? config.linesKey,
			}),
		summaryOutputs: true,
		properties: [
			...fileInputProperties(config, orderMappableFields(shape)),
			...onlyForItems(properties),
			optionsCollection(
				[
					...bulkWriteOptions(config.route),
					includeInputFieldsOption,
					...unknownFieldsOptions,
					...outputOptions,
				],
				showFor(config),
			),
		],
		async execute(session, items) {
			const { ctx } = session;
			const effective = effectiveShape(session, config, shape);
			if (bulkInput(ctx) === 'file')
				return await writeFiles(
					session,
					orderRecords(session, config.route, effective, unknownFieldsPolicy(ctx)),
					bulkOutput(ctx),
				);
			const grouped = ctx.getNodeParameter('groupLines', 0, false) as boolean;
			const { read, raw, checks, run, key } = fromVersion(ctx, 3)
				? mappedOrders(session, config, effective, grouped)
				: formOrders(session, config, shape, effective, grouped);
			const orders = (inputs: OrderInput[]) =>
				grouped ? groupByOrderNumber(inputs, key) : inputs.map((input) => [input]);
			if (bulkOutput(ctx) === 'summary')
				return await writeItemsWithSummary(
					run,
					config.route,
					ordersOfItems(ctx, effective, items.length, checks, read, orders),
					'orders',
				);
			const output = new Output(run, {
				route: config.route,
				rawRecord: raw,
				includeInputFields: includeInputFields(ctx),
			});
			const inputs = output.readEach(items.length, read);
			const rows: ItemRecord[] = [];
			for (const order of orders(inputs)) {
				const itemIndexes = order.map((input) => input.itemIndex);
				try {
					rows.push({ itemIndexes, record: checkedOrder(ctx, effective, order, checks) });
				} catch (error) {
					output.fail(itemIndexes, error, order[0].header);
				}
			}
			await output.writeRows(config.route, rows, bulkOptions(run, config.route));
			return [output.items()];
		},
	};
}

/**
 * The order shape of the effective description: its record, its lines under the same name, and
 * its key (the order number, where the description names another key field, that one).
 */
function effectiveShape(
	session: ExecuteSession,
	config: OrderAddConfig,
	shape: OrderShape,
): OrderShape {
	const spec = effectiveSpec(session, config.route, config.checks);
	if (spec === shape.spec) return shape;
	const { name, lists } = linesListOf(spec, config.linesKey);
	if (name === undefined && lists.length === 0)
		throw gapError(
			session,
			new PlatformGap(
				config.route,
				`record field "${config.linesKey}" nor any list of objects that could hold the order's ${config.linesKey}`,
				session.platform.source,
			),
		);
	if (name === undefined) {
		const node = session.ctx.getNode();
		const said = lists.map((list) => `"${list}"`).join(', ');
		throw new NodeOperationError(
			node,
			`${node.name}: ${descriptionName(session.platform.source).replace(/^t/, 'T')} has no record field "${config.linesKey}" on ${config.route}, and several lists of objects that could hold the order's ${config.linesKey} (${said}), so the node cannot tell which. Nothing was sent`,
			{
				description: `Ask the platform's vendor which of ${said} holds the order's ${config.linesKey}, then name that list "${config.linesKey}" in the description (set the credential's API Description to Pasted to edit it).`,
			},
		);
	}
	const key = session.platform.route(config.route).naturalKey;
	return {
		spec,
		linesKey: name,
		called: config.linesKey,
		key: key?.length === 1 ? key[0] : undefined,
	};
}

/** The orders of the input items (grouped by order number when asked), each made or why not: for a summary. */
function ordersOfItems(
	ctx: IExecuteFunctions,
	shape: OrderShape,
	count: number,
	checks: OrderChecks,
	read: (itemIndex: number) => OrderInput,
	orders: (inputs: OrderInput[]) => OrderInput[][],
): ItemsRecord[] {
	const made: ItemsRecord[] = [];
	const inputs: OrderInput[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			inputs.push(read(itemIndex));
		} catch (error) {
			made.push({ itemIndexes: [itemIndex], error });
		}
	}
	for (const order of orders(inputs)) {
		const itemIndexes = order.map((input) => input.itemIndex);
		try {
			made.push({
				itemIndexes,
				values: order[0].header,
				record: checkedOrder(ctx, shape, order, checks),
			});
		} catch (error) {
			made.push({ itemIndexes, values: order[0].header, error });
		}
	}
	return made;
}
