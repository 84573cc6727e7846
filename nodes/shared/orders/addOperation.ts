/**
 * Add or Update for the three order nodes: the form (where the lines come from), then every
 * input item read and every order checked before anything is sent, sent in chunks; each order's
 * result or error pairs to all the input items it came from.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bulkWrite } from '../bulk/write';
import { camelName, type UnknownFieldPolicy } from '../checking';
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
	unknownFieldsOption,
} from '../form/options';
import { recordProperties, showFor, type ResourceOperation } from '../form/properties';
import { readRecord, recordSource, type RecordSource } from '../form/records';
import type { Operation } from '../operations';
import { Output, type ItemRecord } from '../output';
import { recordSpec, type RecordCheck, type RoutePath } from '../platform';
import { groupByOrderNumber } from './grouping';
import { orderMappableFields, orderRecords } from './fromFile';
import {
	checkedOrder,
	linesField,
	readOrderInput,
	type OrderInput,
	type OrderShape,
} from './order';

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
	const properties = recordProperties(shape.spec, config).flatMap((property) =>
		property.name === linesName ? lineSourceProperties(config, shape, property) : [property],
	);
	return {
		value: config.operation,
		name: 'Add or Update',
		action: config.action,
		description: `Add ${shape.spec.noun}s with their ${linesField(shape).label.toLowerCase()}, or update those not yet started`,
		contract: { route: config.route, record: shape.spec },
		summaryOutputs: true,
		properties: [
			...fileInputProperties(config, orderMappableFields(shape)),
			...onlyForItems(properties),
			optionsCollection(
				[
					...bulkWriteOptions(config.route),
					includeInputFieldsOption,
					unknownFieldsOption,
					...outputOptions,
				],
				showFor(config),
			),
		],
		async execute(session, items) {
			const { ctx } = session;
			const unknownFields = ctx.getNodeParameter(
				'options.unknownFields',
				0,
				'error',
			) as UnknownFieldPolicy;
			if (bulkInput(ctx) === 'file')
				return await writeFiles(
					session,
					orderRecords(session, config.route, shape, unknownFields),
					bulkOutput(ctx),
				);
			const source = recordSource(ctx);
			const rawRecord = (itemIndex: number) => readRecord(ctx, shape.spec, itemIndex, source);
			const grouped = ctx.getNodeParameter('groupLines', 0, false) as boolean;
			if (bulkOutput(ctx) === 'summary')
				return await writeItemsWithSummary(
					session,
					config.route,
					ordersOfItems(ctx, shape, items.length, grouped, source),
					'orders',
				);
			const output = new Output(session, {
				route: config.route,
				rawRecord,
				includeInputFields: includeInputFields(ctx),
			});
			const inputs = output.readEach(items.length, (itemIndex) =>
				readOrderInput(ctx, shape, itemIndex, grouped, source),
			);
			const rows: ItemRecord[] = [];
			for (const order of grouped ? groupByOrderNumber(inputs) : inputs.map((input) => [input])) {
				const itemIndexes = order.map((input) => input.itemIndex);
				try {
					rows.push({ itemIndexes, record: checkedOrder(ctx, shape, order, source) });
				} catch (error) {
					output.fail(itemIndexes, error, order[0].header);
				}
			}
			const outcomes = await bulkWrite(
				session,
				config.route,
				rows.map((row) => row.record),
				bulkOptions(ctx, config.route),
			);
			output.addOutcomes(rows, outcomes);
			return [output.items()];
		},
	};
}

/** The orders of the input items (grouped by order number when asked), each made or why not: for a summary. */
function ordersOfItems(
	ctx: IExecuteFunctions,
	shape: OrderShape,
	count: number,
	grouped: boolean,
	source: RecordSource,
): ItemsRecord[] {
	const made: ItemsRecord[] = [];
	const inputs: OrderInput[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			inputs.push(readOrderInput(ctx, shape, itemIndex, grouped, source));
		} catch (error) {
			made.push({ itemIndexes: [itemIndex], error });
		}
	}
	for (const order of grouped ? groupByOrderNumber(inputs) : inputs.map((input) => [input])) {
		const itemIndexes = order.map((input) => input.itemIndex);
		try {
			made.push({
				itemIndexes,
				values: order[0].header,
				record: checkedOrder(ctx, shape, order, source),
			});
		} catch (error) {
			made.push({ itemIndexes, values: order[0].header, error });
		}
	}
	return made;
}
