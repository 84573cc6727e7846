// The WMS nodes as an AI agent's tools: which examples need a chat model, the tool nodes of a
// workflow, and what a model reads of each tool (n8n's own description of it).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { NodeHelpers } = require('n8n-workflow');

/** Connections of one type, as [from node, to node] pairs. */
function links(workflow, type) {
	return Object.entries(workflow.connections ?? {}).flatMap(([from, outputs]) =>
		(outputs[type] ?? []).flatMap((list) => (list ?? []).map((c) => [from, c.node])),
	);
}

/** Operations that only read; every other changes something on the platform, and asks a person first. */
const READS = ['get', 'getMany', 'getStatus', 'checkStatus'];

/** Nodes that give another node its language model: running the workflow needs that model's credential. */
export function chatModelNodes(workflow) {
	const names = new Set(links(workflow, 'ai_languageModel').map(([from]) => from));
	return workflow.nodes.filter((n) => names.has(n.name));
}

/** This package's nodes wired in as tools (`ai_tool`), with the node each one serves. */
export function wmsToolNodes(workflow, packageName) {
	const served = new Map(links(workflow, 'ai_tool'));
	return workflow.nodes
		.filter((n) => n.type.startsWith(`${packageName}.`) && served.has(n.name))
		.map((node) => ({ node, serves: served.get(node.name) }));
}

/** The `$fromAI('key', ...)` keys in a node's parameters: the arguments a model fills in. */
export function fromAiKeys(node) {
	const keys = [...JSON.stringify(node.parameters).matchAll(/\$fromAI\(\s*\\?['"`]([\w-]+)/g)].map(
		(m) => m[1],
	);
	return [...new Set(keys)];
}

/** What a model reads of a tool when the workflow leaves its description on "Set Automatically". */
export function toolDescription(description, parameters) {
	return NodeHelpers.getToolDescriptionForNode({ parameters }, { description });
}

/** Every resource/operation pair of a node type, with the display names of what the form requires by default and of its filters. */
export function operationsOf(description) {
	const out = [];
	for (const selector of description.properties.filter((p) => p.name === 'operation')) {
		for (const resource of selector.displayOptions?.show?.resource ?? []) {
			for (const option of selector.options) {
				const node = {
					name: 'tool',
					type: description.name,
					typeVersion: 1,
					position: [0, 0],
					parameters: { resource, operation: option.value },
				};
				const values =
					NodeHelpers.getNodeParameters(
						description.properties,
						node.parameters,
						true,
						false,
						node,
						description,
					) ?? {};
				const shown = description.properties.filter(
					(p) =>
						p.type !== 'hidden' &&
						p.type !== 'notice' &&
						NodeHelpers.displayParameter(values, p, { ...node, parameters: values }, description),
				);
				out.push({
					resource,
					operation: option.value,
					parameters: { resource, operation: option.value },
					description: option.description,
					required: shown.filter((p) => p.required).map((p) => p.displayName),
					filters: shown
						.filter((p) => p.name === 'filters')
						.flatMap((p) => (p.options ?? []).map((o) => o.displayName)),
				});
			}
		}
	}
	return out;
}

/** A form's display name as a description would say it: "Warehouse Name or ID" → "warehouse", "Positions (Bays)" → "positions". */
export function spoken(displayName) {
	return displayName
		.replace(/ Name or ID$/, '')
		.replace(/\s*\(.*\)$/, '')
		.toLowerCase();
}

/**
 * What is wrong with a tool description by the house rule: n8n builds it from the operation's action
 * ("Get sales order status in WMS Sales Order"), which is short and in n8n's style because n8n also
 * names the node after it; the arguments are described by their own $fromAI descriptions. An empty
 * list when nothing.
 */
export function descriptionProblems(text) {
	const problems = [];
	if (!/^[A-Z][a-z]+ /.test(text)) problems.push('does not start with a verb');
	if (/\n|\.\s+\S/.test(text)) problems.push('is more than one sentence');
	if (!/ in WMS [A-Z][\w ]+$/.test(text)) problems.push('does not name the WMS node it is in');
	if (text.length > 80)
		problems.push(
			`is ${text.length} characters long (n8n names the node after it; a model reads it on every turn)`,
		);
	return problems;
}

/**
 * The fields an operation needs by default and its filters that its description (under the
 * Operation dropdown, and what Set Manually starts from) does not name.
 */
export function unnamedFields(operation) {
	const lower = (operation.description ?? '').toLowerCase();
	return [...operation.required, ...operation.filters]
		.map(spoken)
		.filter((name) => !lower.includes(name));
}

/**
 * The e2e check of an example that needs a chat model, as imported (without a model credential, as
 * a user gets it): what n8n saved — chat trigger → agent with its model and the WMS tools, each tool
 * bound to the WMS credential and filled in by the model. 51-agent runs it with a scripted model;
 * 50-mcp runs these same tools over MCP.
 */
export function agentExampleCheck(ctx, example) {
	const saved = example.workflow;
	const tools = wmsToolNodes(saved, ctx.packageName);
	return {
		notRun: true,
		name: `example ${example.file} ("${example.name}"): chat → AI Agent with its WMS tools, as n8n saved it (run with a scripted model in 51-agent; 50-mcp runs its tools over MCP)`,
		async run() {
			for (const node of saved.nodes)
				assert.ok(
					ctx.nodeTypes.has(node.type),
					`"${node.name}": n8n has no node type ${node.type}`,
				);
			const [model] = chatModelNodes(saved);
			const agent = links(saved, 'ai_languageModel').find(([from]) => from === model.name)[1];
			const fed = links(saved, 'main')
				.filter(([, to]) => to === agent)
				.map(([from]) => saved.nodes.find((n) => n.name === from));
			assert.ok(
				fed.some((n) => /chatTrigger$/.test(n.type)),
				`"${agent}" is not started by a chat trigger`,
			);
			assert.ok(tools.length > 0, `no ${ctx.packageName} tool is wired into "${agent}"`);
			const served = new Map(links(saved, 'ai_tool'));
			for (const { node, serves } of tools) {
				// A tool that writes reaches the agent only through n8n's human review (a …HitlTool node).
				const review = saved.nodes.find((n) => n.name === serves && /HitlTool$/.test(n.type));
				if (!READS.includes(node.parameters.operation)) {
					assert.ok(review, `"${node.name}" writes, and runs without a person's review`);
					assert.equal(served.get(review.name), agent, `"${review.name}" does not serve the agent`);
					assert.ok(ctx.nodeTypes.has(review.type), `n8n has no human review node ${review.type}`);
				} else {
					assert.equal(serves, agent, `"${node.name}" serves "${serves}", not the agent`);
				}
				assert.match(node.type, /Tool$/, `"${node.name}" is not the tool variant of its node`);
				assert.equal(
					node.credentials?.[ctx.credential.type]?.id,
					ctx.credential.id,
					`"${node.name}" is not bound to the WMS credential`,
				);
				assert.ok(
					fromAiKeys(node).length > 0,
					`"${node.name}" has no field the model fills in ($fromAI)`,
				);
			}
			assert.equal(
				model.credentials,
				undefined,
				`"${model.name}" names a credential the user does not have: leave it for them to choose`,
			);
			assert.notEqual(
				(await ctx.client.api('GET', `/workflows/${example.id}`)).active,
				true,
				'the example is active: it would wait for chat messages',
			);
			const reviews = saved.nodes.filter((n) => /chatHitlTool$/.test(n.type));
			if (reviews.length) {
				const trigger = fed.find((n) => /chatTrigger$/.test(n.type));
				assert.equal(
					trigger.parameters.options?.responseMode,
					'responseNodes',
					'review in the chat needs the chat trigger to answer "Using Response Nodes"',
				);
				assert.ok(
					links(saved, 'main').some(
						([from, to]) =>
							from === agent && saved.nodes.find((n) => n.name === to)?.type.endsWith('.chat'),
					),
					"the agent's answer is not sent to the chat",
				);
			}
			ctx.log(
				`${tools.length} WMS tools: ${tools.map(({ node, serves }) => (serves === agent ? node.name : `${node.name} (through "${serves}")`)).join(', ')}`,
			);
		},
	};
}

/** The name a tool node goes by for a model (n8n's own rule: the node's name, spaces as underscores). */
export function toolName(nodeName) {
	return require('n8n-workflow').nodeNameToToolName(nodeName);
}
