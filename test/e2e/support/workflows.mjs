// Workflows the e2e checks save: a manual trigger → items made by a Code node → the WMS nodes given,
// one after another, each with the credential.

export const TRIGGER = 'When clicking ‘Execute workflow’';

/**
 * `wmsNodes`: each `{ name, type, typeVersion, parameters }`, `type` without the package's prefix
 * (`wmsPlatform`), chained in that order after the Code node that outputs `items`.
 */
export function itemsWorkflow(ctx, name, credential, items, wmsNodes) {
	const nodes = [
		{
			id: 't',
			name: TRIGGER,
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'c',
			name: 'ERP export',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: `return ${JSON.stringify(items.map((json) => ({ json })))};` },
		},
		...wmsNodes.map((wms, i) => ({
			id: wmsNodes.length === 1 ? 'w' : `w${i}`,
			position: [440 + 220 * i, 0],
			credentials: { wmsIntegrationApi: { id: credential.id, name: credential.name } },
			...wms,
			type: `${ctx.packageName}.${wms.type}`,
		})),
	];
	const chain = [TRIGGER, 'ERP export', ...wmsNodes.map((wms) => wms.name)];
	const connections = {};
	for (let i = 0; i + 1 < chain.length; i++)
		connections[chain[i]] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Saves workflows through n8n's REST API and removes them all at the end of a suite's checks. */
export function savedWorkflows(ctx) {
	const created = [];
	return {
		async save(body) {
			const saved = await ctx.client.api('POST', '/workflows', body);
			created.push(saved.id);
			return saved;
		},
		async removeAll() {
			for (const id of created) await ctx.client.api('DELETE', `/workflows/${id}`).catch(() => {});
		},
	};
}
