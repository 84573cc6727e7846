/** Reconcile's form: what to compare, whether to adjust, the threshold gate, the CSV file. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { locatorValue, locatorProperty } from '../../../../shared/dropdowns/locator';
import {
	batchSizeOption,
	maxRecordsOf,
	optionsCollection,
	retryPolicy,
} from '../../../../shared/form/options';
import { showFor } from '../../../../shared/form/properties';
import { mappableFields } from '../../../../shared/file/fields';
import { fileInputProperties } from '../../../../shared/file/properties';
import { recordSpec } from '../../../../shared/platform';
import type { RetryPolicy } from '../../../../shared/transport/retry';
import { byVersion } from '../../../../shared/version';
import { comparisonOperation } from '../common';
import type { Threshold } from './variance';

export const OPERATION = 'reconcile';
const reconcile = comparisonOperation(OPERATION);
const adjusting = showFor(reconcile, { dryRun: [false] });
const ERP_LINES_ROUTE = '/comparison_erp_on_hand/add';

const fieldName = (name: string, displayName: string, usual: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder: usual.split(', ')[0],
	description: `Name of the input field that holds it (a dotted path works too). Empty: the first of ${usual} that the item has.`,
});

export const reconcileProperties: INodeProperties[] = [
	...fileInputProperties(reconcile, mappableFields(recordSpec(ERP_LINES_ROUTE).fields)),
	{
		displayName:
			'Each row of the file is one ERP stock line: SKU, warehouse, quantity on hand and (optionally) batch, in columns named as below (Options) or mapped in Column Mapping. Rows of one SKU and batch are added up. Discrepancies: the rows not accepted, then one item per differing line. Summary: one item with the run’s figures.',
		name: 'reconcileFileNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor(reconcile, { input: ['file'] }),
	},
	...byVersion(
		{
			displayName:
				'Each input item is one ERP stock line: SKU, warehouse, quantity on hand and (optionally) batch. Discrepancies: one item per line where the ERP and the platform differ. Summary: one item with the run’s figures (and the CSV file).',
			name: 'reconcileNotice',
			type: 'notice',
			default: '',
			displayOptions: showFor(reconcile, { input: ['items'] }),
		},
		2,
		{
			displayName:
				'Each input item is one ERP stock line: SKU, warehouse, quantity on hand and (optionally) batch. Discrepancies: one item per line where the ERP and the platform differ. Summary: one item with the run’s figures. CSV File (when asked for): the differing lines as a file.',
		},
	),
	{
		...locatorProperty(
			{
				displayName: 'Default Warehouse',
				name: 'defaultWarehouse',
				description: 'For stock lines without a warehouse',
			},
			{ method: 'getWarehouses', placeholder: 'e.g. WH1' },
		),
		displayOptions: showFor(reconcile),
	},
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		placeholder: 'e.g. NIGHTLY-2026-11-22',
		description:
			'Your name for this count, stored on each comparison. Leave empty for a new comparison every run; the same warehouse and reference always answer the same comparison.',
		displayOptions: showFor(reconcile),
	},
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: true,
		description:
			'Whether to stop after the report and adjust nothing (the comparison stays in state compared, ready for the single operations)',
		displayOptions: showFor(reconcile),
	},
	{
		displayName: 'Close After the Report',
		name: 'closeAfterDryRun',
		type: 'boolean',
		default: false,
		description:
			'Whether to complete each comparison once the report is made, adjusting nothing. Off: it stays in state compared, ready for Add Adjustment Items and the other single operations.',
		displayOptions: showFor(reconcile, { dryRun: [true] }),
	},
	{
		displayName: 'Adjust Automatically When',
		name: 'thresholdRule',
		type: 'options',
		options: [
			{ name: 'Within Both Units and Percent', value: 'unitsAndPercent' },
			{ name: 'Within Units or Percent', value: 'unitsOrPercent' },
			{ name: 'Within Units', value: 'units' },
			{ name: 'Within Percent', value: 'percent' },
		],
		default: 'unitsAndPercent',
		description:
			'Which differences are small enough to adjust the platform to the ERP; larger ones are reported as needs_review and left alone',
		displayOptions: adjusting,
	},
	{
		displayName: 'Max Units',
		name: 'maxUnits',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 10,
		description: 'Largest difference, in units, that is adjusted automatically',
		displayOptions: showFor(reconcile, {
			dryRun: [false],
			thresholdRule: ['unitsAndPercent', 'unitsOrPercent', 'units'],
		}),
	},
	{
		displayName: 'Max Percent',
		name: 'maxPercent',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 5,
		description:
			'Largest difference, as a percentage of the ERP quantity, that is adjusted automatically (a line the ERP has 0 of is never within it)',
		displayOptions: showFor(reconcile, {
			dryRun: [false],
			thresholdRule: ['unitsAndPercent', 'unitsOrPercent', 'percent'],
		}),
	},
	{
		displayName: 'Adjust Lines Not in the Input',
		name: 'adjustLinesNotInInput',
		type: 'boolean',
		default: false,
		description:
			"Whether to adjust, within the threshold, stock the input has no line for (platform-only stock, or a batch the ERP does not list), setting it to 0. Off: such lines are reported as needs_review and never changed. Turn on only when the input is always the ERP's complete stock: a missing export row would write that stock off.",
		displayOptions: adjusting,
	},
	{
		displayName: 'Report Adjustments to the ERP',
		name: 'createMoveAttempts',
		type: 'boolean',
		default: true,
		description:
			"Whether to tell the ERP of the adjustments before completing: the platform records them as a stock move (its move attempt), which the WMS ERP Update Trigger delivers under Stock Moves for the ERP to book. Off: the platform's stock changes and the ERP is not told.",
		displayOptions: adjusting,
	},
	...byVersion(
		{
			displayName: 'Attach CSV File',
			name: 'attachCsv',
			type: 'boolean',
			default: false,
			description:
				'Whether to attach the variance report to the Summary output’s item as a CSV file, e.g. to e-mail or store it',
			displayOptions: showFor(reconcile),
		},
		2,
		{
			displayName: 'Output a CSV File',
			// The node's outputs follow it: the editor reads it as saved.
			noDataExpression: true,
			description:
				'Whether to put the variance report out as a CSV file too, on an output of its own (CSV File), e.g. to e-mail or store it',
		},
	),
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: showFor(reconcile, { attachCsv: [true] }),
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: 'inventory-variance.csv',
		displayOptions: showFor(reconcile, { attachCsv: [true] }),
	},
	optionsCollection(
		[
			batchSizeOption(ERP_LINES_ROUTE),
			{
				displayName: 'Platform Stock Not in the Input',
				name: 'platformOnly',
				type: 'options',
				options: [
					{
						name: 'Report (ERP Has None)',
						value: 'report',
						description:
							"The input is the ERP's whole stock: anything else on the platform is a discrepancy, adjusted only with Adjust Lines Not in the Input on",
					},
					{
						name: 'Ignore',
						value: 'ignore',
						description: 'The input is a partial count: compare only the SKUs it lists',
					},
				],
				default: 'report',
				description: 'What platform stock of SKUs the input does not list means',
			},
			{
				displayName: 'Largest Differences Listed',
				name: 'largestCount',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 100 },
				default: 5,
				description: 'How many of the largest differences the summary names',
			},
			fieldName('skuField', 'SKU Field', 'sku, SKU, item_code, itemCode'),
			fieldName('warehouseField', 'Warehouse Field', 'warehouse_code, warehouseCode, warehouse'),
			fieldName('quantityField', 'Quantity Field', 'quantity, on_hand, onHand, qty'),
			fieldName('batchField', 'Batch Field', 'batch, batch_number, batchNumber, lot'),
		],
		showFor(reconcile),
	),
];

export interface ReconcileSettings {
	defaultWarehouse: string;
	reference: string;
	dryRun: boolean;
	/** A dry run that completes its comparisons after the report. */
	closeAfterDryRun: boolean;
	/** Undefined on a dry run. */
	threshold?: Threshold;
	moveAttempts: boolean;
	csv?: { binaryProperty: string; fileName: string };
	platformOnly: 'report' | 'ignore';
	largestCount: number;
	batchSize: number;
	retry: Partial<RetryPolicy>;
}

/** The run's settings, read once (from the first item: Reconcile is one run over all items). */
export function readSettings(ctx: IExecuteFunctions): ReconcileSettings {
	const get = <T>(name: string, fallback: T) => ctx.getNodeParameter(name, 0, fallback) as T;
	const dryRun = get('dryRun', true);
	let threshold: Threshold | undefined;
	if (!dryRun) {
		const rule = get<string>('thresholdRule', 'unitsAndPercent');
		threshold = {
			units: rule === 'percent' ? undefined : Number(get('maxUnits', 10)),
			percent: rule === 'units' ? undefined : Number(get('maxPercent', 5)),
			rule: rule === 'unitsOrPercent' ? 'any' : 'all',
			adjustLinesNotInErpInput: get<boolean>('adjustLinesNotInInput', false),
		};
	}
	return {
		defaultWarehouse: String(locatorValue(get<unknown>('defaultWarehouse', '')) ?? '').trim(),
		reference: String(get('reference', '')).trim(),
		dryRun,
		closeAfterDryRun: dryRun && get<boolean>('closeAfterDryRun', false),
		threshold,
		moveAttempts: get('createMoveAttempts', true),
		csv: get('attachCsv', false)
			? {
					binaryProperty: get('binaryPropertyName', 'data') || 'data',
					fileName: get('fileName', 'inventory-variance.csv') || 'inventory-variance.csv',
				}
			: undefined,
		platformOnly: get('options.platformOnly', 'report'),
		largestCount: get('options.largestCount', 5),
		batchSize: get('options.batchSize', maxRecordsOf(ERP_LINES_ROUTE)),
		retry: retryPolicy(ctx),
	};
}
