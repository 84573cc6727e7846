/**
 * The form of a bulk write's input: Items (as the previous node gives them) or File (a binary
 * field of the input item: CSV, JSON Lines, a JSON array), the file's options and Column Mapping,
 * and the Output option (every record, or the failures and a summary). Read once per file.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { showFor, type ResourceOperation } from '../form/properties';
import type { RecordSpec } from '../platform/types';
import { mappableFields } from './fields';
import type { FileSettings } from './read';
import { byVersion } from '../version';

export type BulkInput = 'items' | 'file';
export type BulkOutput = 'everyRecord' | 'summary';

/** The Input selector and what the File input needs; `mappable` are the fields Column Mapping offers. */
export function fileInputProperties(
	op: ResourceOperation,
	mappable: INodePropertyOptions[],
): INodeProperties[] {
	const forFile = showFor(op, { input: ['file'] });
	return [
		{
			displayName: 'Input',
			name: 'input',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Items',
					value: 'items',
					description:
						'One record per input item (or from this form), as the previous node gives them',
				},
				{
					name: 'File',
					value: 'file',
					description:
						'An ERP export on the input item (from Read Files From Disk, FTP, a download…): CSV, JSON Lines or a JSON array of any size, read as it streams in',
				},
			],
			default: 'items',
			displayOptions: showFor(op),
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the input binary field containing the file to be read',
			displayOptions: forFile,
		},
		{
			displayName: 'File Format',
			name: 'fileFormat',
			type: 'options',
			options: [
				{
					name: 'Detect From Content',
					value: 'detect',
					description: 'A JSON array starts with [, JSON Lines with {, anything else is CSV',
				},
				{
					name: 'CSV',
					value: 'csv',
					description: 'A header line naming the columns, then one record per line',
				},
				{ name: 'JSON Lines', value: 'jsonLines', description: 'One JSON object per line' },
				{ name: 'JSON Array', value: 'jsonArray', description: 'One JSON array of objects' },
			],
			default: 'detect',
			displayOptions: forFile,
		},
		{
			displayName: 'File Options',
			name: 'fileOptions',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: forFile,
			options: [
				{
					displayName: 'Decimal Separator',
					name: 'decimalSeparator',
					type: 'options',
					options: [
						{
							name: 'Detect',
							value: 'detect',
							description:
								'From the first number that can only be read one way (1,5 or 2.25); a number that could be read two ways (1.000) is refused, not guessed',
						},
						{ name: 'Dot (1.5)', value: '.' },
						{ name: 'Comma (1,5)', value: ',' },
					],
					default: 'detect',
					description: 'How the CSV file writes decimals',
				},
				{
					displayName: 'Delimiter',
					name: 'delimiter',
					type: 'options',
					options: [
						{ name: 'Comma', value: ',' },
						{ name: 'Detect From Header Line', value: 'detect' },
						{ name: 'Pipe', value: '|' },
						{ name: 'Semicolon', value: ';' },
						{ name: 'Tab', value: '\t' },
					],
					default: 'detect',
					description: "What separates the CSV file's cells",
				},
				{
					displayName: 'Encoding',
					name: 'encoding',
					type: 'options',
					options: [
						{ name: 'UTF-8', value: 'utf-8' },
						{ name: 'Windows-1252 (Western European)', value: 'windows-1252' },
						{ name: 'UTF-16 LE', value: 'utf-16le' },
					],
					default: 'utf-8',
					description:
						'How the file writes its characters (a byte-order mark in the file overrides this)',
				},
			],
		},
		...columnMappingProperties(forFile, mappable),
	];
}

/** The method that lists the effective description's fields for Column Mapping (methods.loadOptions). */
export const RECORD_COLUMNS = 'recordColumns';

/**
 * Column Mapping: an ERP column → the field it fills. Before version 3 the fields of the built-in
 * description; from 3 the platform's own, loaded from the effective description.
 */
function columnMappingProperties(
	forFile: INodeProperties['displayOptions'],
	mappable: INodePropertyOptions[],
): INodeProperties[] {
	const property: INodeProperties = {
		displayName: 'Column Mapping',
		name: 'columnMapping',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Column',
		default: {},
		description:
			"Which platform field an ERP column fills, for columns not named like the field (by its name, as sku_code or skuCode, or by the form's label). A dotted column name reaches inside a field: dimensions_cm.length.",
		displayOptions: forFile,
		options: [
			{
				name: 'columns',
				displayName: 'Column',
				values: [
					{
						displayName: 'ERP Column',
						name: 'column',
						type: 'string',
						default: '',
						placeholder: 'e.g. Artikelnummer',
						description: "The column's name in the file's header line (a key, in a JSON file)",
					},
					{
						displayName: 'Platform Field Name or ID',
						name: 'field',
						type: 'options',
						options: mappable,
						default: '',
						description:
							'The field the column fills. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
				],
			},
		],
	};
	const [columns] = property.options as Array<{
		name: string;
		displayName: string;
		values: INodeProperties[];
	}>;
	const [column, field] = columns.values;
	return byVersion(property, 3, {
		options: [
			{
				...columns,
				values: [
					column,
					{
						...field,
						options: undefined,
						typeOptions: { loadOptionsMethod: RECORD_COLUMNS },
						description:
							'The field the column fills, as the platform describes it. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
				],
			},
		],
	});
}

/** The outputs of a bulk write under Output → Failures and a Summary. */
export const SUMMARY_OUTPUTS = ['Not Stored', 'Summary'];

/** A bulk write's form with Input: the File input's properties, then the record's (for Items only). */
export function withFileInput(
	op: ResourceOperation,
	spec: RecordSpec,
	records: INodeProperties[],
): INodeProperties[] {
	return [...fileInputProperties(op, mappableFields(spec.fields)), ...onlyForItems(records)];
}

/** Properties shown only with Input → Items (a saved workflow without Input reads its items, as before). */
export function onlyForItems(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, input: ['items'] },
		},
	}));
}

/**
 * Options → Output. Left out, it is Every Record for items and Failures and a Summary for a file;
 * added, it starts at Failures and a Summary: the change a run of items would be added for.
 */
export const outputOptions: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Every Record',
				value: 'everyRecord',
				description: 'One item per record: its result, or its error',
			},
			{
				name: 'Failures and a Summary',
				value: 'summary',
				description:
					'Two outputs: one item per row not stored (row, key, field, reason; the first 1,000), and one summary item with the counts and every row not stored as a CSV file. Keeps large runs small.',
			},
		],
		default: 'summary',
		description:
			'What comes out of the node. Without this option: every record for input items, failures and a summary for a file.',
	},
];

/** This run's input (read once: Input cannot be an expression). */
export const bulkInput = (ctx: IExecuteFunctions): BulkInput =>
	ctx.getNodeParameter('input', 0, 'items') as BulkInput;

/** Options → Output of this run, by default a summary for a file and every record for items. */
export function bulkOutput(ctx: IExecuteFunctions): BulkOutput {
	const fallback = bulkInput(ctx) === 'file' ? 'summary' : 'everyRecord';
	return ctx.getNodeParameter('options.output', 0, fallback) as BulkOutput;
}

/** How to read the file of input item `itemIndex`. */
export function fileSettings(ctx: IExecuteFunctions, itemIndex: number): FileSettings {
	const options = ctx.getNodeParameter('fileOptions', itemIndex, {}) as IDataObject;
	const columns = ctx.getNodeParameter('columnMapping.columns', itemIndex, []) as Array<{
		column: string;
		field: string;
	}>;
	const delimiter = String(options.delimiter ?? 'detect');
	return {
		binaryProperty: String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim(),
		format: ctx.getNodeParameter('fileFormat', itemIndex, 'detect') as FileSettings['format'],
		delimiter: delimiter === 'detect' ? undefined : delimiter,
		decimal: (options.decimalSeparator ?? 'detect') as FileSettings['decimal'],
		encoding: (options.encoding ?? 'utf-8') as FileSettings['encoding'],
		mapping: new Map(
			columns
				.filter((entry) => entry.column.trim() !== '' && String(entry.field ?? '').trim() !== '')
				.map((entry) => [entry.column.trim(), String(entry.field).trim()]),
		),
	};
}
