// The package loads in real n8n: every node type listed in package.json and the credential type are
// served to the editor, each with an icon that n8n can deliver, and action nodes get their AI-tool twin.
import assert from 'node:assert/strict';

const iconPaths = (iconUrl) =>
	typeof iconUrl === 'string' ? [iconUrl] : Object.values(iconUrl ?? {});

async function assertIconServed(ctx, what, iconUrl) {
	const paths = iconPaths(iconUrl);
	assert.ok(paths.length, `${what} has no icon in n8n`);
	for (const p of paths) {
		const res = await fetch(`${ctx.n8n.url}/${p}`);
		assert.equal(res.status, 200, `${what}: icon ${p} answered ${res.status}`);
		assert.match(
			res.headers.get('content-type') ?? '',
			/^image\//,
			`${what}: icon ${p} is not an image`,
		);
		assert.ok((await res.arrayBuffer()).byteLength > 100, `${what}: icon ${p} is empty`);
	}
}

export default async function (ctx) {
	const nodeTypes = (await ctx.client.request('GET', '/types/nodes.json')).data;
	const credentialTypes = (await ctx.client.request('GET', '/types/credentials.json')).data;
	const byName = new Map(nodeTypes.map((t) => [t.name, t]));

	const tests = ctx.declared.nodes.map((node) => ({
		name: `node type ${node.type} loads with its icon`,
		async run() {
			const loaded = byName.get(node.type);
			assert.ok(loaded, `${node.type} is not among n8n's node types (see ${ctx.n8n.logFile})`);
			assert.equal(loaded.displayName, node.displayName);
			await assertIconServed(ctx, node.type, loaded.iconUrl);
		},
	}));

	for (const node of ctx.declared.nodes.filter((n) => n.usableAsTool)) {
		tests.push({
			name: `AI tool variant ${node.type}Tool exists`,
			async run() {
				const tool = byName.get(`${node.type}Tool`);
				assert.ok(tool, `${node.type}Tool missing although the node is usableAsTool`);
				assert.deepEqual(tool.outputs, ['ai_tool']);
			},
		});
	}

	tests.push({
		name: 'triggers have no AI tool variant, action nodes all do',
		async run() {
			for (const node of ctx.declared.nodes) {
				const hasTool = byName.has(`${node.type}Tool`);
				if (node.isTrigger)
					assert.equal(hasTool, false, `${node.type} is a trigger but has a Tool variant`);
				else assert.equal(hasTool, true, `${node.type} is an action node without usableAsTool`);
			}
		},
	});

	for (const credential of ctx.declared.credentials) {
		tests.push({
			name: `credential type ${credential.name} loads with its icon and a test`,
			async run() {
				const loaded = credentialTypes.find((c) => c.name === credential.name);
				assert.ok(loaded, `${credential.name} is not among n8n's credential types`);
				const fields = loaded.properties.map((p) => p.name);
				for (const field of ['baseUrl', 'clientId', 'clientSecret'])
					assert.ok(fields.includes(field), `field ${field} missing`);
				const token = loaded.properties.find((p) => p.name === 'accessToken');
				assert.equal(token?.type, 'hidden', 'the access token must be a hidden field');
				await assertIconServed(ctx, credential.name, loaded.iconUrl);
			},
		});
	}
	return tests;
}
