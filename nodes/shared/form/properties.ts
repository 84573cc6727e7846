/** Form properties derived from field specs: what a user sees in the node panel. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { camelName } from '../checking';
import { locatorProperty } from '../dropdowns/locator';
import type { FieldSpec, RecordSpec } from '../platform/types';

/** Which operation of the node a property belongs to: its Resource and Operation values. */
export interface ResourceOperation {
	resource: string;
	operation: string;
}

/** Shows a property for one operation only (and, with `extra`, only when other parameters have these values). */
export function showFor(
	{ resource, operation }: ResourceOperation,
	extra: Record<string, unknown[]> = {},
): INodeProperties['displayOptions'] {
	return {
		show: { resource: [resource], operation: [operation], ...extra },
	} as INodeProperties['displayOptions'];
}

/** One field as an n8n parameter; records picked from the platform become resource locators, lists and objects fixed collections. */
export function fieldProperty(field: FieldSpec): INodeProperties {
	const base = {
		displayName: field.label,
		name: camelName(field.name),
		description: field.description,
		required: field.required || undefined,
	};
	if (field.loadOptionsMethod) {
		const {
			loadOptionsMethod: method,
			loadOptionsDependsOn: dependsOn,
			pattern,
			patternHint,
			placeholder,
		} = field;
		return locatorProperty(base, { method, dependsOn, pattern, patternHint, placeholder });
	}
	if (field.options) {
		return {
			...base,
			type: 'options',
			options: field.options.map(
				(option): INodePropertyOptions => ({ name: option.name, value: option.value }),
			),
			default: field.default ?? field.options[0].value,
		};
	}
	switch (field.type) {
		case 'number':
		case 'integer':
			return {
				...base,
				type: 'number',
				typeOptions: {
					minValue: field.minimum,
					maxValue: field.maximum,
					numberPrecision: field.type === 'integer' ? 0 : undefined,
				},
				default: (field.default as number | undefined) ?? 0,
			};
		case 'boolean':
			return { ...base, type: 'boolean', default: (field.default as boolean | undefined) ?? false };
		case 'date':
		case 'dateTime':
			return { ...base, type: 'dateTime', default: '' };
		case 'json':
			return { ...base, type: 'json', default: '' };
		case 'object':
			return {
				...base,
				type: 'fixedCollection',
				placeholder: `Add ${field.label}`,
				default: {},
				options: [
					{
						name: 'values',
						displayName: field.label,
						values: (field.fields ?? []).map(fieldProperty),
					},
				],
			};
		case 'list':
			return {
				...base,
				type: 'fixedCollection',
				placeholder: `Add ${field.label.replace(/sses$/, 'ss').replace(/s$/, '')}`,
				typeOptions: { multipleValues: true },
				default: {},
				options: [
					{
						name: 'entries',
						displayName: field.label,
						values: (field.fields ?? []).map(fieldProperty),
					},
				],
			};
		default:
			return {
				...base,
				type: 'string',
				placeholder: field.placeholder,
				default: (field.default as string | undefined) ?? '',
			};
	}
}

/** "Fields to Send": the form, each input item as it is, or JSON. */
function recordModeProperty(spec: RecordSpec, op: ResourceOperation): INodeProperties {
	return {
		displayName: 'Fields to Send',
		name: 'fieldsToSend',
		type: 'options',
		noDataExpression: true,
		displayOptions: showFor(op),
		options: [
			{
				name: 'Define Below',
				value: 'form',
				description: `Fill in the ${spec.noun} fields in this form (expressions welcome)`,
			},
			{
				name: 'Use Each Input Item As Is',
				value: 'inputItem',
				description: `Each input item is one ${spec.noun} as the ERP exports it, its fields named as the platform names them (order_number) or run together (orderNumber)`,
			},
			{ name: 'JSON', value: 'json', description: `Write the ${spec.noun} as JSON` },
		],
		default: 'form',
	};
}

/** Extra Fields: fields the form does not know, sent as they are. */
export function extraFieldsProperty(op: ResourceOperation): INodeProperties {
	return {
		displayName: 'Extra Fields',
		name: 'extraFields',
		type: 'fixedCollection',
		placeholder: 'Add Extra Field',
		description:
			'Fields this form does not know, sent as they are (name them as the platform does, e.g. x_pallet_type)',
		typeOptions: { multipleValues: true },
		default: {},
		displayOptions: showFor(op),
		options: [
			{
				name: 'field',
				displayName: 'Field',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

/** The full set of record properties: mode switch, required fields, Additional Fields, Extra Fields, JSON. */
export function recordProperties(spec: RecordSpec, op: ResourceOperation): INodeProperties[] {
	const inForm = showFor(op, { fieldsToSend: ['form'] });
	const required = spec.fields.filter((field) => field.required);
	const optional = spec.fields.filter((field) => !field.required);
	return [
		recordModeProperty(spec, op),
		...required.map((field) => ({ ...fieldProperty(field), displayOptions: inForm })),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: inForm,
			options: optional
				.map(fieldProperty)
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
		{ ...extraFieldsProperty(op), displayOptions: inForm },
		{
			displayName: `${spec.noun.replace(/^./, (c) => c.toUpperCase())} (JSON)`,
			name: 'jsonRecord',
			type: 'json',
			default: '{}',
			required: true,
			description: `The ${spec.noun} as a JSON object with the platform's field names`,
			displayOptions: showFor(op, { fieldsToSend: ['json'] }),
		},
	];
}
