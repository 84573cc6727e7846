// Running end-to-end test files against one prepared n8n: dev/scripts/e2e.mjs (one process, SQLite) and
// dev/scripts/e2e-queue.mjs (queue mode). A test file default-exports an array of {name, run(ctx),
// timeoutMs?} or a function (ctx) → that array.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function withTimeout(promise, ms) {
	let timer;
	try {
		return await Promise.race([
			promise,
			new Promise((_, reject) => {
				timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
			}),
		]);
	} finally {
		clearTimeout(timer);
	}
}

/** `*.e2e.mjs` files in `dir` whose name contains one of `filters` (all when none), in name order. */
export function testFiles(dir, filters = []) {
	const files = fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.e2e.mjs'))
		.filter((f) => !filters.length || filters.some((w) => f.includes(w)))
		.sort();
	if (!files.length)
		throw new Error(
			`no ${path.relative(process.cwd(), dir)}/*.e2e.mjs file matches ${filters.join(' ')}`,
		);
	return files;
}

/** Runs the files' tests in order, printing ✓/✗ per test; answers {passed, failed}. */
export async function runTestFiles(dir, files, ctx) {
	let passed = 0;
	let failed = 0;
	for (const file of files) {
		console.log(`\n${file}`);
		let tests;
		try {
			const mod = await import(pathToFileURL(path.join(dir, file)).href);
			tests = typeof mod.default === 'function' ? await mod.default(ctx) : mod.default;
		} catch (error) {
			failed++;
			console.log(`  ✗ (loading the file) ${error.stack ?? error}`);
			continue;
		}
		if (!Array.isArray(tests) || tests.length === 0) {
			failed++;
			console.log(
				'  ✗ (the file gave no tests: a file that checks nothing counts as failed, never as skipped)',
			);
			continue;
		}
		for (const test of tests) {
			const t = Date.now();
			let error;
			try {
				await withTimeout(
					Promise.resolve().then(() => test.run(ctx)),
					test.timeoutMs ?? 120000,
				);
			} catch (e) {
				error = e;
			}
			const took = `(${Date.now() - t} ms)`;
			if (error) {
				failed++;
				console.log(
					`  ✗ ${test.name} ${took}\n${String(error.stack ?? error).replace(/^/gm, '      ')}`,
				);
			} else {
				passed++;
				console.log(`  ✓ ${test.name} ${took}`);
			}
		}
	}
	return { passed, failed };
}

/** What the editor knows about every node type (name → description of its newest version). */
export async function nodeTypesOf(client) {
	const newest = (t) => Math.max(...[t.version].flat());
	const nodeTypes = new Map();
	for (const t of (await client.request('GET', '/types/nodes.json')).data) {
		if (!nodeTypes.has(t.name) || newest(t) > newest(nodeTypes.get(t.name)))
			nodeTypes.set(t.name, t);
	}
	return nodeTypes;
}

/** Runs the cleanups last first (each even when one before it throws) and empties the list. */
export async function runCleanups(cleanups) {
	for (const fn of cleanups.reverse()) {
		try {
			await fn();
		} catch (error) {
			console.log('[n8n-host] while cleaning up:', error.message);
		}
	}
	cleanups.length = 0;
}

/**
 * On SIGINT, or SIGTERM (`timeout`, a CI runner's cancel), runs `stop` with the exit code the
 * signal calls for: n8n and the services run in process groups of their own and would outlive a
 * suite that only died.
 */
export function stopOnSignals(stop) {
	for (const [signal, code] of [
		['SIGINT', 130],
		['SIGTERM', 143],
	])
		process.on(signal, () => stop(code));
}

/**
 * Polls `check` until it answers something truthy (answered), or fails naming `what` after
 * `timeoutMs`, with what `state()` (when given) says of where things stood then.
 */
export async function waitUntil(what, check, { timeoutMs = 60000, everyMs = 250, state } = {}) {
	const deadline = Date.now() + timeoutMs;
	let last;
	for (;;) {
		last = await check();
		if (last) return last;
		if (Date.now() > deadline) {
			const stood = state ? ` (${await state().catch((e) => `state unknown: ${e.message}`)})` : '';
			throw new Error(`${what}: not so after ${timeoutMs / 1000} s${stood}`);
		}
		await new Promise((r) => setTimeout(r, everyMs));
	}
}
