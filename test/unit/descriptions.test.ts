/**
 * What a person reads in every node's form, held to the house's words: an operation's action is
 * short, in n8n's style (a node added from the panel is named after it, an error pop-up quotes that
 * name, and an AI agent reads it as the tool's description), while its description carries the
 * detail; no description, hint or notice speaks in HTTP or a developer's jargon; every placeholder
 * is an example of that field, not a stock one.
 */
import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
} from 'n8n-workflow';

import { ALL_NODE_TYPES } from '../support/nodeTypes';
import { notForPeople } from '../support/words';

const descriptionOf = (type: INodeType | IVersionedNodeType) =>
	type.description as INodeTypeDescription;

/** Words a warehouse person should not have to know to fill in a form. */
const JARGON = [
	'http',
	'in flight',
	'round trip',
	'retry-after',
	'payload',
	'endpoint',
	'request body',
	'status code',
	'snake_case',
	'camelcase',
	'idempoten',
	'upsert',
	'cursor',
	'chunk',
	'backoff',
	'back-off',
	'exponential',
	'throttl',
	'latency',
	'rate limit',
	'natural key',
	'schema',
	'boolean',
	'regex',
	'null',
	'api ',
];

/** An HTTP status code as developers write them: "(429)", "502/503/504", "HTTP 413", "status 500". */
const STATUS_CODE = /\(\s*[45]\d\d\b|\b[45]\d\d\s*[/)]|\b(?:http|status|code)\s*[45]\d\d\b/i;

/** Placeholders that say nothing about the field they stand in. */
const STOCK_PLACEHOLDERS = ['e.g. A, B, C', 'e.g. value', 'value', '...', 'text'];

/** Words written in capitals inside an action: they stay so in sentence case. */
const CAPITALISED = new Set(['ERP', 'SKU', 'SKUs', 'UN', 'ID', 'IDs', 'CSV']);

interface Text {
	node: string;
	where: string;
	kind: 'action' | 'description' | 'choice' | 'hint' | 'notice' | 'placeholder';
	text: string;
	/** The parameter a text belongs to, and what the form calls it. */
	parameter?: string;
	label?: string;
}

const isCollection = (
	option: INodePropertyOptions | INodeProperties | INodePropertyCollection,
): option is INodePropertyCollection => 'values' in option;
const isProperty = (
	option: INodePropertyOptions | INodeProperties | INodePropertyCollection,
): option is INodeProperties => 'type' in option && 'displayName' in option;

/** Every text a person reads in a node's form, walked through collections and their options. */
function texts(node: string, properties: INodeProperties[], where = ''): Text[] {
	const found: Text[] = [];
	for (const property of properties) {
		const here = `${where} › ${property.displayName}`;
		const add = (kind: Text['kind'], text: string | undefined, at = here) => {
			if (text)
				found.push({
					node,
					where: at,
					kind,
					text,
					parameter: property.name,
					label: property.displayName,
				});
		};
		if (property.type === 'notice') add('notice', property.displayName);
		add('description', property.description);
		add('hint', property.hint);
		// A collection's placeholder is the text of its "Add …" button.
		if (!['collection', 'fixedCollection'].includes(property.type))
			add('placeholder', property.placeholder);
		for (const mode of property.modes ?? []) {
			add('placeholder', mode.placeholder, `${here} › ${mode.displayName}`);
			add('hint', mode.hint, `${here} › ${mode.displayName}`);
		}
		for (const option of property.options ?? []) {
			if (isCollection(option)) found.push(...texts(node, option.values, here));
			else if (isProperty(option)) found.push(...texts(node, [option], here));
			else {
				add('choice', option.description, `${here} › ${option.name}`);
				add('action', option.action, `${here} › ${option.name}`);
			}
		}
	}
	return found;
}

const all = ALL_NODE_TYPES.flatMap((type) => {
	const description = descriptionOf(type);
	return texts(description.displayName, description.properties);
});
const ofKind = (kind: Text['kind']) => all.filter((text) => text.kind === kind);

/** What is wrong with an action by n8n's style ("Add or update items", "Get sales order status"). */
function actionProblems(action: string): string[] {
	const problems: string[] = [];
	if (action.length > 40) problems.push(`is ${action.length} characters long (at most 40)`);
	if (!/^[A-Z][a-z]+ /.test(action)) problems.push('does not start with a verb');
	if (/[():;,.]/.test(action))
		problems.push('has punctuation: the detail belongs in its description');
	const capitalised = action
		.split(' ')
		.slice(1)
		.filter((word) => /[A-Z]/.test(word) && !CAPITALISED.has(word));
	if (capitalised.length) problems.push(`is not in sentence case (${capitalised.join(', ')})`);
	return problems;
}

describe('what a person reads in the forms', () => {
	it('finds the texts of every node', () => {
		expect(ofKind('action').length).toBeGreaterThan(30);
		expect(ofKind('description').length).toBeGreaterThan(200);
		expect(ofKind('placeholder').length).toBeGreaterThan(20);
	});

	it.each(ofKind('action').map((text) => [`${text.node}${text.where}`, text.text]))(
		'%s: the action "%s" is short, in sentence case, a verb first',
		(_where, action) => {
			expect(actionProblems(action)).toEqual([]);
		},
	);

	it('no two operations of a node have the same action (n8n names nodes after it)', () => {
		for (const type of ALL_NODE_TYPES) {
			const { displayName } = descriptionOf(type);
			const actions = ofKind('action')
				.filter((text) => text.node === displayName)
				.map((text) => text.text);
			expect(new Set(actions).size).toBe(actions.length);
		}
	});

	it('every operation says in its description what it needs or takes', () => {
		const operations = ALL_NODE_TYPES.flatMap((type) =>
			descriptionOf(type)
				.properties.filter((property) => property.name === 'operation')
				.flatMap((property) => property.options as INodePropertyOptions[]),
		);
		const silent = operations.filter(
			(operation) => !/\b(Needs|Filters:)/.test(operation.description ?? ''),
		);
		expect(silent.map((operation) => `${operation.name}: ${operation.description}`)).toEqual([]);
	});

	it('no description, hint or notice speaks in HTTP status codes or jargon', () => {
		const spoken = all.filter((text) => text.kind !== 'placeholder' && text.kind !== 'action');
		const found = spoken.flatMap(({ node, where, text }) => {
			// n8n's own sentence under a list's "expression" link is n8n's to word.
			const lower = text.replace(/<a href="[^"]*">/g, '<a>').toLowerCase();
			const words = JARGON.filter((word) => lower.includes(word));
			if (STATUS_CODE.test(text)) words.push(STATUS_CODE.exec(text)![0]);
			return words.length ? [`${node}${where}: "${text}" (${words.join(', ')})`] : [];
		});
		expect(found).toEqual([]);
	});

	it('no text of a form says "paired" or counts from 0', () => {
		const found = all.flatMap(({ node, where, text }) =>
			notForPeople(text).map((word) => `${node}${where}: ${word}`),
		);
		expect(found).toEqual([]);
	});

	it('the jargon check catches what it is for', () => {
		const caught = (text: string) =>
			JARGON.some((word) => text.toLowerCase().includes(word)) || STATUS_CODE.test(text);
		expect(caught('when the platform is busy (429)')).toBe(true);
		expect(caught('unavailable (502/503/504)')).toBe(true);
		expect(caught('more hides the round trip')).toBe(true);
		expect(caught('Retry-After included')).toBe(true);
		expect(caught('Comma-separated; up to 500')).toBe(false);
	});

	it('every placeholder is an example of its own field', () => {
		/** What a field is of: "Default Warehouse" and "Warehouse Code" are both a warehouse. */
		const what = (label = '') =>
			label
				.toLowerCase()
				.split(' ')
				.filter((word) => !['code', 'codes', 'default', 'only', 'these'].includes(word))
				.join(' ');
		const placeholders = ofKind('placeholder');
		expect(
			placeholders
				.filter(({ text }) => STOCK_PLACEHOLDERS.includes(text.toLowerCase()))
				.map(({ node, where, text }) => `${node}${where}: "${text}"`),
		).toEqual([]);
		// One example for two different fields of a node (neither name nor label alike) says nothing about either.
		const clashes = placeholders.flatMap((one, i) =>
			placeholders
				.slice(i + 1)
				.filter(
					(other) =>
						other.node === one.node &&
						other.text === one.text &&
						other.parameter !== one.parameter &&
						what(other.label) !== what(one.label),
				)
				.map((other) => `${one.node}: "${one.text}" for ${one.label} and ${other.label}`),
		);
		expect(clashes).toEqual([]);
	});

	it('every field that takes a comma-separated list shows an example list', () => {
		const lists = ofKind('description').filter(
			(text) => /comma-separated/i.test(text.text) && !text.where.includes('›  ›'),
		);
		expect(lists.length).toBeGreaterThan(10);
		const placeholderOf = (list: Text) =>
			ofKind('placeholder').find(
				(text) => text.node === list.node && text.parameter === list.parameter,
			)?.text;
		expect(
			lists
				.filter((list) => !/, /.test(placeholderOf(list) ?? ''))
				.map((list) => `${list.node}${list.where}`),
		).toEqual([]);
	});
});
