// Loaded into n8n's main process by `npm run bench real-n8n -- --file --heap` (NODE_OPTIONS=--require):
// every 25 ms, one line of what V8 holds (young generation, old generation, large objects, array
// buffers) and the process's RSS, so the benchmark can say what the peak above idle is made of.
// Only the first process to load it writes, on its main thread: it marks the environment, so n8n's
// task runner, which inherits NODE_OPTIONS, does not. Nothing else is changed.
const fs = require('node:fs');
const v8 = require('node:v8');
const { isMainThread } = require('node:worker_threads');

const target = process.env.WMS_HEAP_SAMPLES;
if (target && isMainThread && !process.env.WMS_HEAP_SAMPLER_CHILD) {
	// Children of n8n (its task runner) inherit NODE_OPTIONS and the environment: only the first process samples.
	process.env.WMS_HEAP_SAMPLER_CHILD = '1';
	const file = `${target}.${process.pid}`;
	const mb = (bytes) => Math.round(bytes / 2 ** 20);
	setInterval(() => {
		const spaces = {};
		for (const space of v8.getHeapSpaceStatistics()) spaces[space.space_name] = space.space_size;
		const memory = process.memoryUsage();
		fs.appendFileSync(
			file,
			`${JSON.stringify({
				t: Date.now(),
				rss: mb(memory.rss),
				young: mb(spaces.new_space ?? 0),
				old: mb((spaces.old_space ?? 0) + (spaces.code_space ?? 0) + (spaces.trusted_space ?? 0)),
				large: mb((spaces.large_object_space ?? 0) + (spaces.new_large_object_space ?? 0)),
				buffers: mb(memory.arrayBuffers),
			})}\n`,
		);
	}, 25).unref();
}
