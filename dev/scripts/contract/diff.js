#!/usr/bin/env node
/**
 * `npm run contract:diff -- <platform-openapi.(yaml|json)>`: what would change for the package's
 * users if the platform's own description replaced contract/openapi.yaml. Both are read the way
 * the build reads ours (with our overlay), so the report speaks of what the nodes offer and check:
 * route by route, each change marked breaking (a workflow that works today may fail or mean
 * something else), additive (new possibilities, nothing breaks) or changed (the package adapts
 * by itself after a build).
 *
 * Where their description is silent on what only our x- extensions say (records per request,
 * natural keys, idempotency), ours is kept and the report says so: silence is not a change.
 *
 *   --ours <file>   compare with another description than contract/openapi.yaml
 *   --json          the report as data
 *   --adopt         also write their description, with the extensions kept, over contract/openapi.yaml
 */
'use strict';
const { writeFileSync } = require('node:fs');
const { basename, relative } = require('node:path');
const { stringify } = require('yaml');

const { operationsOf, readDocument, requestSchemaOf, resolve } = require('./load');
const { DEFAULTS, generate } = require('./generate');

/** Facts about the platform OpenAPI has no word for; a platform's own description rarely states them. */
const EXTENSIONS = ['x-max-items', 'x-natural-key', 'x-idempotent', 'x-result-key', 'x-key-filter'];

const SECTIONS = { items: 'record field', filter: 'filter', '': 'request field' };

/** Every field of a route's request, by path: "items.sku", "items.lines.quantity", "filter.code", "comparison_id". */
function flatten(fields, prefix = '', out = new Map()) {
	for (const field of fields ?? []) {
		const path = prefix ? `${prefix}.${field.name}` : field.name;
		out.set(path, field);
		if (field.fields) flatten(field.fields, path, out);
	}
	return out;
}

/** "items.lines.quantity" → { section: 'record field', name: 'lines.quantity' }. */
function place(path) {
	const [head, ...rest] = path.split('.');
	if ((head === 'items' || head === 'filter') && rest.length) return { section: SECTIONS[head], name: rest.join('.') };
	return { section: SECTIONS[''], name: path };
}

function describeType(field) {
	const bits = [field.type === 'stringList' ? 'list of texts' : field.type === 'list' ? 'list of records' : field.type];
	if (field.options) bits.push(`one of ${field.options.map((option) => option.value).join(', ')}`);
	if (field.maxLength !== undefined) bits.push(`at most ${field.maxLength} characters`);
	return bits.join(', ');
}

// ---------- guessing renames ----------

function words(name) {
	return name.toLowerCase().split(/[_\W]+/).filter(Boolean);
}

function editDistance(a, b) {
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
function similarity(a, b) {
	const left = new Set(words(a));
	const right = new Set(words(b));
	const shared = [...left].filter((word) => right.has(word)).length;
	if (shared) return shared / new Set([...left, ...right]).size;
	const [x, y] = [a, b].map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, ''));
	if (x.includes(y) || y.includes(x)) return 0.5;
	return 1 - editDistance(x, y) / Math.max(x.length, y.length);
}

/** Pairs removed and added fields of the same parent and type whose names are alike: likely renames. */
function guessRenames(removed, added) {
	const candidates = [];
	for (const [from, old] of removed) {
		for (const [to, now] of added) {
			const parent = (path) => path.split('.').slice(0, -1).join('.');
			if (parent(from) !== parent(to) || old.type !== now.type) continue;
			const score = similarity(from.split('.').pop(), to.split('.').pop());
			if (score >= 0.3) candidates.push({ from, to, score });
		}
	}
	const pairs = [];
	const taken = new Set();
	for (const candidate of candidates.sort((a, b) => b.score - a.score)) {
		if (taken.has(candidate.from) || taken.has(candidate.to)) continue;
		taken.add(candidate.from).add(candidate.to);
		pairs.push(candidate);
	}
	return pairs;
}

// ---------- comparing ----------

/** Limits where a larger number lets more through (maxLength) or less (minLength). */
const LIMITS = [
	['minLength', 'at least {v} characters', 'up'],
	['maxLength', 'at most {v} characters', 'down'],
	['minimum', 'at least {v}', 'up'],
	['exclusiveMinimum', 'more than {v}', 'up'],
	['maximum', 'at most {v}', 'down'],
	['minItems', 'at least {v} entries', 'up'],
	['maxItems', 'at most {v} entries', 'down'],
];

function fieldChanges(ours, theirs) {
	const changes = [];
	const say = (kind, text) => changes.push({ kind, text });
	if (ours.type !== theirs.type) say('breaking', `type ${ours.type} → ${theirs.type}: values must be sent as ${theirs.type}`);
	if (!ours.required && theirs.required) say('breaking', 'is now required: items without it will be refused before sending');
	if (ours.required && !theirs.required) say('additive', 'is no longer required');
	const before = (ours.options ?? []).map((option) => option.value);
	const after = (theirs.options ?? []).map((option) => option.value);
	if (ours.options && theirs.options) {
		const gone = before.filter((value) => !after.includes(value));
		const added = after.filter((value) => !before.includes(value));
		if (gone.length) say('breaking', `no longer accepts ${gone.join(', ')}`);
		if (added.length) say('additive', `also accepts ${added.join(', ')}`);
	} else if (ours.options && !theirs.options) say('additive', `any value now (was one of ${before.join(', ')})`);
	else if (!ours.options && theirs.options) say('breaking', `only ${after.join(', ')} now`);
	for (const [limit, words, tighter] of LIMITS) {
		const a = ours[limit];
		const b = theirs[limit];
		if (a === b) continue;
		const text = (v) => words.replace('{v}', String(v));
		if (b === undefined) say('additive', `no longer limited to ${text(a)}`);
		else if (a === undefined) say('breaking', `now ${text(b)}`);
		else say((tighter === 'down' ? b < a : b > a) ? 'breaking' : 'additive', `${text(b)} (was ${text(a)})`);
	}
	if (ours.pattern !== theirs.pattern) {
		if (theirs.pattern === undefined) say('additive', 'no longer checked against a pattern');
		else say('breaking', `must match ${theirs.pattern}${ours.pattern ? ` (was ${ours.pattern})` : ''}`);
	}
	return changes;
}

function routeChanges(path, ours, theirs) {
	const changes = [];
	const say = (kind, text) => changes.push({ kind, text });
	if (ours.maxItems !== theirs.maxItems) {
		if (theirs.maxItems === undefined) say('changed', `states no limit of records per request (ours ${ours.maxItems}): keep x-max-items: ${ours.maxItems} when adopting, or the package sends up to 1000`);
		else if (ours.maxItems === undefined) say('changed', `at most ${theirs.maxItems} records per request: the package splits into chunks of that size`);
		else if (theirs.maxItems < ours.maxItems) say('changed', `at most ${theirs.maxItems} records per request (was ${ours.maxItems}): the package sends smaller chunks, more requests`);
		else say('additive', `up to ${theirs.maxItems} records per request (was ${ours.maxItems}): fewer requests`);
	}
	const key = (info) => (info.naturalKey ?? []).join(' + ');
	if (key(ours) !== key(theirs)) say('breaking', `records are identified by ${key(theirs) || 'nothing stated'} (was ${key(ours) || 'nothing stated'}): an upsert may now create a record where it updated one`);
	if (ours.idempotent && !theirs.idempotent) say('changed', 'no longer safe to repeat: a request whose answer was lost is not retried');
	if (!ours.idempotent && theirs.idempotent) say('additive', 'now safe to repeat: lost answers are retried');

	const before = flatten(ours.body);
	const after = flatten(theirs.body);
	const removed = new Map([...before].filter(([name]) => !after.has(name)));
	const added = new Map([...after].filter(([name]) => !before.has(name)));
	// A container removed or added takes its sub-fields with it: report it once.
	const top = (map) => new Map([...map].filter(([name]) => !map.has(name.split('.').slice(0, -1).join('.'))));
	const renames = guessRenames(top(removed), top(added));
	for (const { from, to } of renames) {
		const a = place(from);
		const b = place(to);
		say('breaking', `${a.section} "${a.name}" renamed to "${b.name}" (guessed: same type, similar name): workflows must send ${b.name}`);
		for (const change of fieldChanges(removed.get(from), added.get(to))) say(change.kind, `${b.section} "${b.name}" ${change.text}`);
		for (const [map, root] of [
			[removed, from],
			[added, to],
		]) {
			for (const name of [...map.keys()]) if (name === root || name.startsWith(`${root}.`)) map.delete(name);
		}
	}
	for (const name of top(removed).keys()) {
		const { section, name: shown } = place(name);
		const consequence = section === 'filter' ? 'Get operations that set it must drop it' : 'the forms drop it, and items that still send it are refused as unknown';
		say('breaking', `${section} "${shown}" is gone: ${consequence}`);
	}
	for (const [name, field] of top(added)) {
		const { section, name: shown } = place(name);
		if (field.required) say('breaking', `${section} "${shown}" is new and required (${describeType(field)}): items without it will be refused before sending`);
		else say('additive', `${section} "${shown}" is new (${describeType(field)}): the forms offer it`);
	}
	for (const [name, field] of before) {
		if (!after.has(name)) continue;
		const { section, name: shown } = place(name);
		for (const change of fieldChanges(field, after.get(name))) {
			// The records list's own limits are the route's records per request, said above.
			if (name === 'items' && /entries/.test(change.text)) continue;
			say(change.kind, `${section} "${shown}" ${change.text}`);
		}
	}
	return changes;
}

/**
 * Their description with our x- extensions where it says nothing (a route found by path, or by
 * operationId when it moved); a limit their request schema states (items maxItems) stands.
 */
function keepExtensions(oursDoc, theirsDoc) {
	const doc = structuredClone(theirsDoc);
	const theirs = operationsOf(doc);
	const kept = [];
	for (const [path, method, operation] of operationsOf(oursDoc)) {
		const match = theirs.find(([p, m]) => p === path && m === method) ?? theirs.find(([, , o]) => o.operationId && o.operationId === operation.operationId);
		if (!match) continue;
		const [theirPath, , target] = match;
		const items = resolve(doc, resolve(doc, requestSchemaOf(target)).properties?.items);
		for (const key of EXTENSIONS) {
			if (operation[key] === undefined || target[key] !== undefined) continue;
			if (key === 'x-max-items' && items.maxItems !== undefined) continue;
			target[key] = operation[key];
			kept.push({ path: theirPath, key, value: operation[key] });
		}
	}
	return { doc, kept };
}

/** Routes theirs has under another path, found by their operationId. */
function movedRoutes(oursDoc, theirsDoc) {
	const post = (doc) => new Map(operationsOf(doc).filter(([, method]) => method === 'post').map(([path, , operation]) => [path, operation.operationId]));
	const ours = post(oursDoc);
	const theirs = post(theirsDoc);
	const moved = [];
	for (const [from, id] of ours) {
		if (!id || theirs.has(from)) continue;
		const to = [...theirs].find(([path, theirId]) => theirId === id && !ours.has(path))?.[0];
		if (to) moved.push({ from, to });
	}
	return moved;
}

/** The report as data: per route its changes, routes moved, added and removed, extensions kept, overlay entries to revisit. */
function compare(oursDoc, theirsRaw, overlay = {}) {
	const { doc: theirsDoc, kept } = keepExtensions(oursDoc, theirsRaw);
	const moved = movedRoutes(oursDoc, theirsDoc);
	// The overlay's word on a moved route follows it, so the route is compared as the forms show it.
	const theirOverlay = { ...overlay, routes: { ...overlay.routes } };
	for (const { from, to } of moved) {
		if (theirOverlay.routes[from] && !theirOverlay.routes[to]) theirOverlay.routes[to] = theirOverlay.routes[from];
		delete theirOverlay.routes[from];
	}
	const ours = generate(oursDoc, overlay);
	const theirs = generate(theirsDoc, theirOverlay);
	const routes = [];
	for (const [path, info] of Object.entries(ours.routes)) {
		if (!theirs.routes[path]) continue;
		const changes = routeChanges(path, info, theirs.routes[path]);
		if (changes.length) routes.push({ path, noun: info.noun, changes });
	}
	for (const { from, to } of moved) {
		const changes = routeChanges(to, ours.routes[from], theirs.routes[to]);
		if (changes.length) routes.push({ path: to, noun: ours.routes[from].noun, movedFrom: from, changes });
	}
	const movedPaths = new Set(moved.flatMap(({ from, to }) => [from, to]));
	const known = new Set(ours.problems);
	return {
		ours: { title: oursDoc.info?.title, version: oursDoc.info?.version, routes: Object.keys(ours.routes).length },
		theirs: { title: theirsDoc.info?.title, version: theirsDoc.info?.version, routes: Object.keys(theirs.routes).length },
		routes,
		moved,
		added: Object.keys(theirs.routes).filter((path) => !ours.routes[path] && !movedPaths.has(path)),
		removed: Object.keys(ours.routes).filter((path) => !theirs.routes[path] && !movedPaths.has(path)),
		kept,
		overlay: [
			...moved.filter(({ from }) => overlay.routes?.[from]).map(({ from, to }) => `routes.${from}: the route moved; rename the entry to ${to}`),
			...theirs.problems.filter((problem) => !known.has(problem)).map((problem) => problem.replace(/^overlay /, '')),
		],
		adopted: theirsDoc,
	};
}

function count(report, kind) {
	return report.routes.reduce((sum, route) => sum + route.changes.filter((change) => change.kind === kind).length, 0);
}

/** The report as a person reads it before deciding to upgrade: the verdict first, then route by route. */
function renderReport(report, names = { ours: 'ours', theirs: 'theirs' }) {
	const lines = [];
	const breaking = count(report, 'breaking') + report.removed.length + report.moved.length;
	const additive = count(report, 'additive') + report.added.length;
	const changed = count(report, 'changed');
	lines.push(`Contract diff: ${names.ours} (${report.ours.version ?? '?'}, ${report.ours.routes} routes) → ${names.theirs} (${report.theirs.version ?? '?'}, ${report.theirs.routes} routes)`);
	lines.push(`${breaking} breaking, ${additive} additive, ${changed} changed by the package itself.`);
	lines.push(
		breaking
			? 'Breaking changes: a workflow that works today may fail or mean something else. Read them before adopting this description.'
			: 'No breaking change: adopting this description keeps today\'s workflows working.',
	);
	const width = Math.max(...['breaking', 'additive', 'changed'].map((kind) => kind.length));
	const order = { breaking: 0, changed: 1, additive: 2 };
	for (const route of report.routes) {
		const tally = ['breaking', 'changed', 'additive']
			.map((kind) => [kind, route.changes.filter((change) => change.kind === kind).length])
			.filter(([, n]) => n)
			.map(([kind, n]) => `${n} ${kind}`)
			.join(', ');
		const about = [route.noun, route.movedFrom && `moved from ${route.movedFrom}`].filter(Boolean).join(', ');
		lines.push('', `${route.path}${about ? ` (${about})` : ''}: ${tally}`);
		for (const change of [...route.changes].sort((a, b) => order[a.kind] - order[b.kind])) lines.push(`  ${change.kind.padEnd(width)}  ${change.text}`);
	}
	if (report.moved.length || report.removed.length || report.added.length) lines.push('', 'Routes:');
	for (const { from, to } of report.moved) lines.push(`  ${'breaking'.padEnd(width)}  ${from} moved to ${to} (same operationId): operations calling ${from} must call ${to}`);
	for (const path of report.removed) lines.push(`  ${'breaking'.padEnd(width)}  ${path} is gone: operations that call it will fail`);
	for (const path of report.added) lines.push(`  ${'additive'.padEnd(width)}  ${path} is new: callable at once with n8n's HTTP Request node and the WMS credential; a named operation is one declaration (contract/README.md)`);
	if (report.kept.length) {
		lines.push('', 'Kept from our contract where their description is silent (--adopt writes them in):');
		for (const key of EXTENSIONS) {
			const routes = report.kept.filter((entry) => entry.key === key);
			if (routes.length) lines.push(`  ${key} on ${routes.length} route${routes.length === 1 ? '' : 's'}: ${routes.map((entry) => entry.path).join(', ')}`);
		}
	}
	if (report.overlay.length) {
		lines.push('', 'Overlay entries (contract/overlay.yaml) that would no longer match:');
		for (const problem of report.overlay) lines.push(`  ${problem}`);
	}
	if (!report.routes.length && !report.moved.length && !report.removed.length && !report.added.length) lines.push('', 'The descriptions agree on every route the package calls.');
	return `${lines.join('\n')}\n`;
}

function main(argv) {
	const options = { ours: DEFAULTS.contract, overlay: DEFAULTS.overlay, json: false, adopt: false, theirs: undefined };
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--ours' || argv[i] === '--overlay') options[argv[i].slice(2)] = argv[++i];
		else if (argv[i] === '--json' || argv[i] === '--adopt') options[argv[i].slice(2)] = true;
		else options.theirs = argv[i];
	}
	if (!options.theirs) {
		process.stderr.write('usage: npm run contract:diff -- <platform-openapi.(yaml|json)> [--ours contract/openapi.yaml] [--json]\n');
		return 2;
	}
	const report = compare(readDocument(options.ours), readDocument(options.theirs), readDocument(options.overlay));
	const name = (file) => relative(process.cwd(), file) || basename(file);
	const { adopted, ...data } = report;
	process.stdout.write(options.json ? `${JSON.stringify(data, null, 2)}\n` : renderReport(report, { ours: name(options.ours), theirs: name(options.theirs) }));
	if (options.adopt) {
		writeFileSync(options.ours, stringify(adopted, { lineWidth: 0 }));
		process.stdout.write(`\n${name(options.ours)} is now their description (with the extensions above). Next: npm run build, then npm test.\n`);
	}
	return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { compare, renderReport, similarity };
