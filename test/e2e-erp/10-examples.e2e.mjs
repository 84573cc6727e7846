import assert from 'node:assert/strict';
export default [{ name: 'placeholder', run: (ctx) => assert.ok(ctx.workflows.length) }];
