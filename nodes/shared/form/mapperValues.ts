/**
 * What a version 3 mapper sends of what the person left alone: nothing. n8n's editor saves a
 * boolean switch nobody touched as false and draws an empty JSON editor for a list or object; sent,
 * either would change a record the platform holds (an item made inactive), so a boolean is a
 * dropdown whose unset choice sends nothing, and an empty value of any type is not sent.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	ResourceMapperField,
	FieldType as MapperType,
} from 'n8n-workflow';

import type { FieldSpec, RecordSpec } from '../platform';

/**
 * The choice of a boolean that sends nothing. n8n's editor saves a switch the person never touched
 * as false, and a write that replaces the record would then clear what the platform holds; a
 * dropdown whose empty choice is the one n8n shows for an unset field sends only what was chosen.
 */
export const LEAVE_AS_IS = '';

/** A field's dropdown: its enum, or Yes / No and, where it may be left out, a choice that sends nothing. */
export function mapperOptions(field: FieldSpec, matching: boolean): ResourceMapperField['options'] {
	if (field.options) return field.options.map(({ name, value }) => ({ name, value }));
	if (field.type !== 'boolean') return undefined;
	const unset = matching
		? {
				name: 'Leave As Is',
				value: LEAVE_AS_IS,
				description: `Not sent: ${NOT_SENT_ON_UPDATE}`,
			}
		: { name: 'Either', value: LEAVE_AS_IS, description: 'No filter on this field' };
	return [
		{ name: 'Yes', value: true },
		{ name: 'No', value: false },
		...(field.required ? [] : [unset]),
	];
}

/** What an update does to a field not sent: no description says, so the words say it depends on the platform. */
export const NOT_SENT_ON_UPDATE =
	'whether a record the platform already has keeps its value depends on the platform: one that merges an update keeps it, one that replaces the whole record may clear it';

/**
 * A mapped value that sends nothing: empty, Leave As Is, and for a list or object field (or one
 * whose type the saved mapper does not say) an empty JSON text, list or object, as an untouched
 * JSON editor holds. A field not sent is left as the platform has it where the platform merges.
 */
export function notSent(given: unknown, type?: MapperType): boolean {
	if (given === null || given === undefined || given === '') return true;
	if (type !== undefined && type !== 'object' && type !== 'array') return false;
	if (typeof given === 'string') return ['', '{}', '[]'].includes(given.replace(/\s+/g, ''));
	if (Array.isArray(given)) return given.length === 0;
	return typeof given === 'object' && Object.keys(given).length === 0;
}

/**
 * What n8n's JSON editor of an optional list or object field starts with: empty JSON, which it
 * shows without an error mark (an empty editor is marked as broken JSON) and which is not sent.
 */
export function emptyJson(field: FieldSpec): Pick<ResourceMapperField, 'defaultValue'> {
	if (field.required) return {};
	if (field.type === 'list') return { defaultValue: '[]' };
	return field.type === 'object' ? { defaultValue: '{}' } : {};
}

/** JSON text typed into a list or object field, as the list or object; anything else as typed, for the checks to name. */
export function jsonField(given: unknown, type: MapperType | undefined): unknown {
	if (typeof given !== 'string' || (type !== 'object' && type !== 'array')) return given;
	try {
		const parsed: unknown = JSON.parse(given);
		return typeof parsed === 'object' && parsed !== null ? parsed : given;
	} catch {
		return given;
	}
}

/**
 * A node saved while booleans were switches holds false for every switch n8n drew, touched or not;
 * which were a person's choice cannot be told, so they are still sent (the workflow does what it
 * did) and the run says which, and how to leave them out.
 */
export function hintSwitchesSavedOff(
	ctx: IExecuteFunctions,
	value: IDataObject | null | undefined,
	schema: ResourceMapperField[] | undefined,
	effective: RecordSpec,
): void {
	const switches = new Set(
		(schema ?? []).filter((field) => field.type === 'boolean').map((field) => field.id),
	);
	const off = effective.fields.filter(
		(field) =>
			field.type === 'boolean' && switches.has(field.name) && value?.[field.name] === false,
	);
	if (off.length === 0) return;
	const names = off.map((field) => field.label).join(', ');
	const message = `${names} ${off.length === 1 ? 'was' : 'were'} sent as No. This node was saved when n8n drew ${off.length === 1 ? 'it as a switch' : 'them as switches'}, which n8n saves as off even when nobody touched ${off.length === 1 ? 'it' : 'them'}. If that was not your choice, open the node, refresh its fields (⋯ → Refresh Field List) and choose Leave As Is to send nothing.`;
	ctx.addExecutionHints({ message, location: 'outputPane' });
	ctx.logger.info(`${ctx.getNode().name}: ${message}`);
}
