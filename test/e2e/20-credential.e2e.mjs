// The credential's "Test" button (POST /rest/credentials/test, as the editor sends it) passes against
// the simulator and fails with a message that tells the user what to fix.
import assert from 'node:assert/strict';
import { freePort } from '../../dev/scripts/n8n-host.mjs';

async function testCredential(ctx, data) {
	const { id, name, type } = ctx.credential;
	return ctx.client.rest('POST', '/credentials/test', { credentials: { id, name, type, data } });
}

const good = (ctx) => ({
	baseUrl: ctx.simulator.baseUrl,
	clientId: ctx.simulator.clientId,
	clientSecret: ctx.simulator.clientSecret,
});

export default [
	{
		name: 'credential test passes against the simulator',
		async run(ctx) {
			const result = await testCredential(ctx, good(ctx));
			assert.equal(result.status, 'OK', `credential test said: ${result.message}`);
		},
	},
	{
		name: 'credential test with a wrong secret fails naming the secret',
		async run(ctx) {
			const result = await testCredential(ctx, { ...good(ctx), clientSecret: 'not-the-secret' });
			assert.equal(result.status, 'Error');
			assert.match(result.message, /secret/i);
			assert.match(result.message, /rejected|invalid|wrong/i);
		},
	},
	{
		name: 'credential test with a base URL not ending in /v1 fails naming the Base URL',
		async run(ctx) {
			const result = await testCredential(ctx, {
				...good(ctx),
				baseUrl: ctx.simulator.baseUrl.replace(/\/v1$/, ''),
			});
			assert.equal(result.status, 'Error');
			assert.match(result.message, /base url/i);
		},
	},
	{
		// n8n's tester puts an error's cause code (ECONNREFUSED) in place of its message when there is one.
		name: 'credential test with nothing listening at the base URL says it cannot reach the platform there',
		async run(ctx) {
			const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
			const result = await testCredential(ctx, { ...good(ctx), baseUrl });
			assert.equal(result.status, 'Error');
			assert.equal(
				result.message,
				`Cannot reach the platform at ${baseUrl} (connection refused): check the Base URL and that the platform is up`,
			);
		},
	},
];
