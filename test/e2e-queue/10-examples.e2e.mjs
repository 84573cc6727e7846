// Every example runs green in queue mode, exactly as in one process (the checks of test/e2e/30-examples
// and its effect checks in test/e2e/examples/), and each of its executions was run by a worker:
// one worker's log says "Worker started execution <id>", the main's does not.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import examples from '../e2e/30-examples.e2e.mjs';

export default function (ctx) {
	return examples(ctx).map((test) => ({
		...test,
		name: test.notRun ? `${test.name}, in queue mode` : `${test.name}, on a worker`,
		async run() {
			await test.run(ctx);
			const file = ctx.workflows.find((w) => test.name.includes(w.file)).file;
			if (test.notRun)
				return ctx.log(
					`${file} is checked as saved, not run (it needs a chat model): no execution to place`,
				);
			const id = ctx.exampleRuns[file];
			const ranBy = ctx.profile.ranBy(id);
			assert.equal(
				ranBy.length,
				1,
				`execution ${id} of ${file}: started by ${ranBy.length} workers (${ranBy.join(', ')})`,
			);
			assert.ok(
				!fs
					.readFileSync(ctx.profile.main.logFile, 'utf8')
					.includes(`Worker started execution ${id} (`),
			);
			ctx.log(`execution ${id} ran on ${ranBy[0]}`);
		},
	}));
}
