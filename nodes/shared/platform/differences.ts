/**
 * How the platform's own description differs from the built-in one, in words a person reads:
 * route by route, each difference marked breaking (a workflow that works with the built-in
 * description may fail or mean something else), changed (the package follows it by itself: fewer
 * records per request) or additive (new fields, routes, values). Renamed fields are guessed from
 * alike names and said to be guesses; nothing is acted on from a guess.
 */
import type { Platform } from './platform';
import type { ContractField, RouteKind } from './types';

export type Kind = 'breaking' | 'changed' | 'additive';

export interface Change {
	route: string;
	kind: Kind;
	text: string;
}

export interface Differences {
	/** Routes the description has. */
	routes: number;
	changes: Change[];
	/** Routes the nodes name that the description has under another path. */
	moved: Array<{ from: string; to: string }>;
	/** Routes the nodes name that the description does not have. */
	missing: string[];
	/** Routes of the description no node names (Call a Route reaches them). */
	unnamed: string[];
}

/** Every field of a route's request by dotted path: "items.sku", "filter.code", "comparison_id". */
function flatten(fields: ContractField[], prefix = '', out = new Map<string, ContractField>()) {
	for (const field of fields) {
		const path = prefix ? `${prefix}.${field.name}` : field.name;
		out.set(path, field);
		if (field.fields) flatten(field.fields, path, out);
	}
	return out;
}

const words = (name: string) =>
	name
		.toLowerCase()
		.split(/[_\W]+/)
		.filter(Boolean);

function editDistance(a: string, b: string): number {
	const row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		let previous = row[0];
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const current = row[j];
			row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
			previous = current;
		}
	}
	return row[b.length];
}

/** How alike two field names are, 0..1: the share of words they have in common, else how few edits part them. */
export function similarity(a: string, b: string): number {
	const left = new Set(words(a));
	const right = new Set(words(b));
	const shared = [...left].filter((word) => right.has(word)).length;
	if (shared) return shared / new Set([...left, ...right]).size;
	const [x, y] = [a, b].map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, ''));
	if (x.includes(y) || y.includes(x)) return 0.5;
	return 1 - editDistance(x, y) / Math.max(x.length, y.length, 1);
}

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');

/** Removed and added fields of the same parent and type whose names are alike: likely renames. */
function guessRenames(removed: Map<string, ContractField>, added: Map<string, ContractField>) {
	const candidates: Array<{ from: string; to: string; score: number }> = [];
	for (const [from, old] of removed)
		for (const [to, now] of added) {
			if (parentOf(from) !== parentOf(to) || old.type !== now.type) continue;
			const score = similarity(from.split('.').pop()!, to.split('.').pop()!);
			if (score >= 0.3) candidates.push({ from, to, score });
		}
	const taken = new Set<string>();
	const pairs: Array<{ from: string; to: string }> = [];
	for (const candidate of candidates.sort((a, b) => b.score - a.score)) {
		if (taken.has(candidate.from) || taken.has(candidate.to)) continue;
		taken.add(candidate.from).add(candidate.to);
		pairs.push(candidate);
	}
	return pairs;
}

const LIMITS: Array<[keyof ContractField, string, 'up' | 'down']> = [
	['minLength', 'at least {v} characters', 'up'],
	['maxLength', 'at most {v} characters', 'down'],
	['minimum', 'at least {v}', 'up'],
	['exclusiveMinimum', 'more than {v}', 'up'],
	['maximum', 'at most {v}', 'down'],
	['minItems', 'at least {v} entries', 'up'],
	['maxItems', 'at most {v} entries', 'down'],
];

type Options = ContractField['options'];

/** A field's type as the differences say it; a list of plain values with its entries' ("stringList of integer"). */
const typeInWords = (field: ContractField) =>
	field.type === 'stringList' ? `stringList of ${field.entryType ?? 'string'}` : field.type;

/** A change of the values a field, or each entry of its list (`entries`), may take. */
function optionChanges(ours: Options, theirs: Options, entries = false): Array<[Kind, string]> {
	if (!theirs) return [];
	const [before, after] = [ours ?? [], theirs].map((options) => options.map(({ value }) => value));
	const where = (any: boolean) => (entries ? ` in ${any ? 'any' : 'each'} entry` : '');
	if (!ours) return [['breaking', `takes only ${after.join(', ')}${where(false)}`]];
	const gone = before.filter((value) => !after.includes(value));
	const added = after.filter((value) => !before.includes(value));
	const out: Array<[Kind, string]> = [];
	if (gone.length) out.push(['breaking', `no longer takes ${gone.join(', ')}${where(true)}`]);
	if (added.length) out.push(['additive', `also takes ${added.join(', ')}${where(false)}`]);
	return out;
}

function fieldChanges(ours: ContractField, theirs: ContractField): Array<[Kind, string]> {
	const out: Array<[Kind, string]> = [];
	const [was, is] = [ours, theirs].map(typeInWords);
	if (was !== is) out.push(['breaking', `is ${is} (was ${was}): values must be sent as such`]);
	if (!ours.required && theirs.required) out.push(['breaking', 'is now required']);
	if (ours.required && !theirs.required) out.push(['additive', 'is no longer required']);
	out.push(...optionChanges(ours.options, theirs.options));
	out.push(...optionChanges(ours.entryOptions, theirs.entryOptions, true));
	for (const [limit, said, tighter] of LIMITS) {
		const a = ours[limit] as number | undefined;
		const b = theirs[limit] as number | undefined;
		if (a === b) continue;
		const text = (v: number | undefined) => said.replace('{v}', String(v));
		if (b === undefined) out.push(['additive', `no longer limited to ${text(a)}`]);
		else if (a === undefined) out.push(['breaking', `now ${text(b)}`]);
		else
			out.push([
				(tighter === 'down' ? b < a : b > a) ? 'breaking' : 'additive',
				`${text(b)} (was ${text(a)})`,
			]);
	}
	if (ours.pattern !== theirs.pattern && theirs.pattern !== undefined)
		out.push(['breaking', `must match ${theirs.pattern}`]);
	return out;
}

const KIND_WORDS: Record<RouteKind, string> = {
	bulk: 'route that writes records',
	read: 'route that reads records',
	action: 'route of its own kind',
};

/**
 * The fields a person gives a route, by path, wherever its description puts them on the wire (the
 * package follows that by itself): a bulk route's record fields under "items." beside the body's
 * own other fields (so too a route of another kind that takes a list of records), a read's filters
 * under "filter." (not its paging), any other route's body.
 */
function givenFields(platform: Platform, route: string): Map<string, ContractField> {
	const info = platform.route(route);
	if (info.kind === 'read') return flatten(platform.filterFields(route), 'filter');
	const container = platform.wire(route).records ?? (info.kind === 'bulk' ? 'items' : undefined);
	if (container === undefined) return flatten(platform.bodyFields(route));
	const envelope = platform.bodyFields(route).filter((field) => field.name !== container);
	let records: ContractField[];
	try {
		records = platform.recordSpec(route).fields;
	} catch {
		// No list of records where the description should have one: its body as it is.
		return flatten(platform.bodyFields(route));
	}
	return flatten(records, 'items', flatten(envelope));
}

const placeOf = (path: string) => {
	const [head, ...rest] = path.split('.');
	return rest.length ? rest.join('.') : head;
};

function routeChanges(route: string, builtIn: Platform, theirs: Platform): Change[] {
	const changes: Change[] = [];
	const say = (kind: Kind, text: string) => changes.push({ route, kind, text });
	const ours = builtIn.route(route);
	const info = theirs.route(route);
	const limit = (n: number | undefined) => (n === undefined ? 'no limit' : n.toLocaleString('en'));
	if (ours.kind === 'bulk' && ours.maxItems !== info.maxItems) {
		if (info.maxItems === undefined)
			say(
				'changed',
				`states no limit of records per request: the package sends up to ${limit(ours.maxItems)}`,
			);
		else if (ours.maxItems === undefined || info.maxItems < ours.maxItems)
			say('changed', `${limit(info.maxItems)} records per request (was ${limit(ours.maxItems)})`);
		else
			say('additive', `${limit(info.maxItems)} records per request (was ${limit(ours.maxItems)})`);
	}
	const key = (fields: string[] | undefined) => (fields ?? []).join(' + ');
	if (ours.kind === 'bulk' && key(ours.naturalKey) !== key(info.naturalKey))
		say(
			'breaking',
			info.naturalKey
				? `key ${key(info.naturalKey)} (was ${key(ours.naturalKey)})`
				: `names no key (was ${key(ours.naturalKey)}): choose the matching column in the node, or records are told apart by their place in the answer`,
		);
	if (ours.kind === 'bulk' && info.kind === 'bulk' && info.wire?.results?.by === 'none')
		say('breaking', 'its answer does not say which records it stored: none counts as stored');
	if (ours.kind !== info.kind)
		say('breaking', `is a ${KIND_WORDS[info.kind]} (was a ${KIND_WORDS[ours.kind]})`);
	const before = givenFields(builtIn, route);
	const after = givenFields(theirs, route);
	const removed = new Map([...before].filter(([path]) => !after.has(path)));
	const added = new Map([...after].filter(([path]) => !before.has(path)));
	// A container gone or new takes its fields with it: said once.
	const top = (map: Map<string, ContractField>) =>
		new Map([...map].filter(([path]) => !map.has(parentOf(path))));
	for (const { from, to } of guessRenames(top(removed), top(added))) {
		say('breaking', `field ${placeOf(to)} (was ${placeOf(from)}, guessed from the names)`);
		for (const [map, root] of [
			[removed, from],
			[added, to],
		] as const)
			for (const path of [...map.keys()])
				if (path === root || path.startsWith(`${root}.`)) map.delete(path);
	}
	for (const path of top(removed).keys()) say('breaking', `field ${placeOf(path)} is gone`);
	const required = [...top(added).values()].filter((field) => field.required);
	if (required.length)
		say(
			'breaking',
			`${required.length} new required field${required.length === 1 ? '' : 's'} (${required.map((field) => field.name).join(', ')})`,
		);
	const optional = [...top(added).values()].filter((field) => !field.required);
	if (optional.length)
		say(
			'additive',
			`${optional.length} new field${optional.length === 1 ? '' : 's'} (${optional.map((field) => field.name).join(', ')})`,
		);
	for (const [path, field] of before) {
		const now = after.get(path);
		if (!now) continue;
		for (const [kind, text] of fieldChanges(field, now))
			say(kind, `field ${placeOf(path)} ${text}`);
	}
	return changes;
}

/**
 * The platform's description against the built-in one, for the routes the nodes name and the ones
 * they do not; `counted` keeps the routes a caller counts (WMS Platform's version 1: POST only).
 */
export function differences(
	builtIn: Platform,
	theirs: Platform,
	counted: (route: string) => boolean = () => true,
): Differences {
	const named = builtIn.routes();
	const all = theirs.routes().filter(counted);
	const moved = named
		.filter((route) => theirs.path(route) !== route && theirs.has(route))
		.map((route) => ({ from: route, to: theirs.path(route) }));
	const reached = new Set(
		named.filter((route) => theirs.has(route)).map((route) => theirs.path(route)),
	);
	return {
		routes: all.length,
		changes: named
			.filter((route) => theirs.has(route))
			.flatMap((route) => routeChanges(route, builtIn, theirs)),
		moved,
		missing: named.filter((route) => !theirs.has(route)),
		unnamed: all.filter((route) => !reached.has(route)),
	};
}

const ORDER: Record<Kind, number> = { breaking: 0, changed: 1, additive: 2 };

/** One paragraph, the breaking differences first: what the credential test and the description's summary say. */
export function differencesInWords(name: string, found: Differences, most = 6): string {
	const head = `Read the platform's API description${name}: ${found.routes} routes.`;
	const said = [
		...found.moved.map((route) => `${route.from} is at ${route.to}`),
		...found.missing.map((route) => `${route} is missing`),
		...[...found.changes]
			.sort((a, b) => ORDER[a.kind] - ORDER[b.kind])
			.map((change) => `${change.route} ${change.text}`),
	];
	const shown = said.slice(0, most);
	const more = said.length > most ? `, and ${said.length - most} more` : '';
	const differs = said.length
		? ` Differs from the built-in one: ${shown.join('; ')}${more}.`
		: ' It agrees with the built-in one on every route the nodes name.';
	const unnamed = found.unnamed.length
		? ` ${found.unnamed.length} route${found.unnamed.length === 1 ? '' : 's'} no node names (see Call a Route).`
		: '';
	return `${head}${differs}${unnamed}`;
}
