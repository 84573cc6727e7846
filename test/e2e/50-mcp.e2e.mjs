// An AI agent can use the WMS nodes as its tools. The WMS tools of examples/ask-the-warehouse.json (the
// chat example, which needs a model credential) are put behind n8n's own MCP Server Trigger instead of
// the AI Agent; a real MCP client (@modelcontextprotocol/sdk) connects as an agent's runtime would,
// lists the tools, calls them with arguments as a model gives them and gets the simulator's answers.
// A bad argument comes back as the tool's error naming the field, within the call's time limit.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
	descriptionProblems,
	unnamedFields,
	fromAiKeys,
	operationsOf,
	toolDescription,
	toolName,
	wmsToolNodes,
} from './support/agent.mjs';

const EXAMPLE = 'ask-the-warehouse.json';
const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
/** A call that has not answered by then hangs, as far as a model is concerned. */
const CALL_TIMEOUT_MS = 30000;

async function mcpClient(url, token, Transport) {
	const client = new Client({ name: 'wms-e2e-agent', version: '1.0.0' });
	// The SDK reports its side stream closing when the test closes the client: not a failure.
	client.onerror = () => {};
	await client.connect(
		new Transport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
	);
	return client;
}

/** Connects once n8n has registered the trigger's webhook (activation registers it a moment later). */
async function connectWhenRegistered(url, token) {
	const deadline = Date.now() + 30000;
	for (;;) {
		try {
			return await mcpClient(url, token, StreamableHTTPClientTransport);
		} catch (error) {
			if (error.code !== 404 || Date.now() > deadline) throw error;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}
}

/** One tool call as a model makes it: the answer's text, and whether the tool said it failed. */
async function call(mcp, name, args) {
	const result = await mcp.callTool({ name, arguments: args }, undefined, {
		timeout: CALL_TIMEOUT_MS,
	});
	const text = (result.content ?? []).map((part) => part.text ?? '').join('\n');
	return { isError: result.isError === true, text };
}

async function answer(mcp, name, args) {
	const result = await call(mcp, name, args);
	assert.equal(result.isError, false, `${name} answered an error: ${result.text}`);
	return JSON.parse(result.text);
}

export default function (ctx) {
	const example = ctx.workflows.find((w) => w.file === EXAMPLE);
	const tools = example ? wmsToolNodes(example.workflow, ctx.packageName) : [];
	const byTool = new Map(tools.map(({ node }) => [toolName(node.name), node]));
	const orderNumber = `SO-MCP-${randomBytes(3).toString('hex').toUpperCase()}`;
	const today = new Date().toISOString().slice(0, 10);
	let server; // { url, token, mcp }
	const connected = () =>
		assert.ok(server?.mcp, 'the MCP client is not connected (see the first test of this file)');

	return [
		{
			name: `${EXAMPLE}'s WMS tools behind n8n's MCP Server Trigger (bearer auth): an MCP client connects over streamable HTTP`,
			timeoutMs: 60000,
			async run() {
				assert.ok(example, `examples/${EXAMPLE} was not imported`);
				assert.deepEqual([...byTool.keys()].sort(), [
					'ERP_Update_Get_Many',
					'Inventory_Get_Many',
					'Sales_Order_Add_or_Update',
					'Sales_Order_Get_Status',
				]);
				const token = randomBytes(24).toString('hex');
				const bearer = await ctx.client.rest('POST', '/credentials', {
					name: `e2e MCP bearer ${randomUUID()}`,
					type: 'httpBearerAuth',
					data: { token },
				});
				const path = `wms-tools-${randomUUID()}`;
				const trigger = {
					id: randomUUID(),
					name: 'MCP Server Trigger',
					type: MCP_TRIGGER,
					typeVersion: Math.max(...[ctx.nodeTypes.get(MCP_TRIGGER).version].flat()),
					position: [0, 0],
					webhookId: randomUUID(),
					parameters: { authentication: 'bearerAuth', path },
					credentials: { httpBearerAuth: { id: bearer.id, name: bearer.name } },
				};
				const connections = Object.fromEntries(
					tools.map(({ node }) => [
						node.name,
						{ ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] },
					]),
				);
				const workflow = await ctx.client.api('POST', '/workflows', {
					name: `e2e: WMS tools over MCP ${path}`,
					nodes: [trigger, ...tools.map(({ node }) => node)],
					connections,
					settings: { executionOrder: 'v1' },
				});
				ctx.onCleanup(async () => {
					await server?.mcp?.close();
					await ctx.client.api('POST', `/workflows/${workflow.id}/deactivate`);
				});
				await ctx.client.api('POST', `/workflows/${workflow.id}/activate`);
				const url = `${ctx.n8n.url}/mcp/${path}`;
				server = { url, token, mcp: await connectWhenRegistered(url, token) };
				assert.equal(server.mcp.getServerVersion()?.name, 'MCP_Server_Trigger');
				const stranger = await fetch(url, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						accept: 'application/json, text/event-stream',
					},
					body: '{}',
				});
				assert.ok(
					[401, 403].includes(stranger.status),
					`a client without the token got ${stranger.status}`,
				);
				ctx.log(`MCP server at ${url}`);
			},
		},
		{
			name: 'the client lists the four WMS tools, each described by its action and each argument by its own words',
			async run() {
				connected();
				const { tools: listed } = await server.mcp.listTools();
				assert.deepEqual(listed.map((t) => t.name).sort(), [...byTool.keys()].sort());
				for (const tool of listed) {
					const node = byTool.get(tool.name);
					const served = ctx.nodeTypes.get(node.type);
					assert.equal(
						tool.description,
						toolDescription(served, node.parameters),
						`${tool.name}: not the description n8n builds from the operation`,
					);
					const keys = fromAiKeys(node);
					const problems = descriptionProblems(tool.description);
					assert.deepEqual(problems, [], `${tool.name}: "${tool.description}"`);
					assert.deepEqual(
						Object.keys(tool.inputSchema.properties ?? {}).sort(),
						[...keys].sort(),
						`${tool.name}: arguments`,
					);
					for (const [key, schema] of Object.entries(tool.inputSchema.properties)) {
						assert.ok(
							schema.description?.length > 10,
							`${tool.name}: argument ${key} has no description a model can go by`,
						);
					}
					ctx.log(`${tool.name}(${keys.join(', ')}): ${tool.description}`);
				}
			},
		},
		{
			name: 'Inventory_Get_Many: two SKUs in WH1 come back with the stock the platform holds',
			async run() {
				connected();
				const items = await answer(server.mcp, 'Inventory_Get_Many', {
					skus: 'BOLT-M8-40, NUT-M8',
					warehouse_code: 'WH1',
				});
				assert.deepEqual(items.map((i) => i.sku).sort(), ['BOLT-M8-40', 'NUT-M8']);
				for (const item of items) {
					assert.deepEqual(
						item.on_hand.map((s) => s.warehouse_code),
						['WH1'],
						`${item.sku}: stock of other warehouses shown`,
					);
					assert.equal(
						item.on_hand[0].quantity,
						ctx.simulator.store.onHand('WH1', item.sku),
						`${item.sku}: not the platform's stock`,
					);
				}
			},
		},
		{
			name: 'Sales_Order_Add_or_Update: the order as a model describes it is stored on the platform',
			async run() {
				connected();
				const lines = [
					{ sku: 'NUT-M8', quantity: 20 },
					{ sku: 'BOLT-M8-40', quantity: 5 },
				];
				const results = await answer(server.mcp, 'Sales_Order_Add_or_Update', {
					order_number: orderNumber,
					customer_code: 'CUST-1',
					warehouse_code: 'WH1',
					order_date: today,
					lines,
				});
				assert.deepEqual(results, [
					{ key: orderNumber, order_number: orderNumber, status: 'created' },
				]);
				const stored = ctx.simulator.store.get('sales_order', orderNumber);
				assert.ok(stored, `${orderNumber} is not on the platform`);
				assert.equal(stored.customer_code, 'CUST-1');
				assert.deepEqual(
					stored.lines.map((l) => [l.line_number, l.sku, l.quantity]),
					[
						[1, 'NUT-M8', 20],
						[2, 'BOLT-M8-40', 5],
					],
				);
			},
		},
		{
			name: 'Sales_Order_Get_Status: the model reads the order back, open with nothing shipped',
			async run() {
				connected();
				const [order, ...more] = await answer(server.mcp, 'Sales_Order_Get_Status', {
					order_numbers: orderNumber,
				});
				assert.equal(more.length, 0);
				assert.equal(order.order_number, orderNumber);
				assert.equal(order.status, 'open');
				assert.deepEqual(
					order.lines.map((l) => l.quantity_shipped),
					[0, 0],
				);
			},
		},
		{
			name: 'ERP_Update_Get_Many: once the warehouse ships the order, the model finds its pending shipment',
			async run() {
				connected();
				const shipped = ctx.simulator.work.shipSalesOrder(orderNumber);
				const updates = await answer(server.mcp, 'ERP_Update_Get_Many', {
					order_number: orderNumber,
				});
				assert.deepEqual(
					updates.map((u) => u.id),
					[shipped.erp_update_id],
				);
				const stored = ctx.simulator.store.get('erp_update', shipped.erp_update_id);
				assert.equal(updates[0].status, 'pending');
				assert.deepEqual(updates[0].payload, stored.payload);
				const [order] = await answer(server.mcp, 'Sales_Order_Get_Status', {
					order_numbers: orderNumber,
				});
				assert.equal(order.status, 'shipped');
			},
		},
		{
			name: "a bad argument comes back as the tool's error naming the field, nothing is sent, and the session goes on",
			async run() {
				connected();
				const badOrder = `${orderNumber}-BAD`;
				const before = ctx.simulator.stats().requests['/sales_order/add'] ?? 0;
				assert.ok(
					before >= 1,
					'the order added before is not counted: is the route named /sales_order/add in the stats?',
				);
				const negative = await call(server.mcp, 'Sales_Order_Add_or_Update', {
					order_number: badOrder,
					customer_code: 'CUST-1',
					warehouse_code: 'WH1',
					order_date: today,
					lines: [
						{ sku: 'NUT-M8', quantity: 2 },
						{ sku: 'BOLT-M8-40', quantity: -5 },
					],
				});
				assert.equal(negative.isError, true, negative.text);
				// The record first, its line as a person counts it, then the field to fix.
				assert.match(
					negative.text,
					new RegExp(`Sales order ${badOrder}, line 2: quantity must be more than 0 \\(got -5\\)`),
				);
				assert.match(negative.text, /Fix "lines\.2\.quantity" of the 1st input item/);
				assert.equal(
					ctx.simulator.store.get('sales_order', badOrder),
					undefined,
					'the bad order reached the platform',
				);
				assert.equal(
					ctx.simulator.stats().requests['/sales_order/add'] ?? 0,
					before,
					'something was sent for the bad order',
				);

				const code = await call(server.mcp, 'Inventory_Get_Many', {
					skus: 'NUT-M8',
					warehouse_code: 'WH|1',
				});
				assert.equal(code.isError, true, code.text);
				assert.match(
					code.text,
					/Filters → Warehouse must be a code without blanks at either end and without "\|" \(got "WH\|1"\)/,
				);
				assert.match(code.text, /Fix "Filters → Warehouse" of the 1st input item/);

				// A wrong type never reaches the node: n8n checks the arguments against the tool's schema.
				const type = await call(server.mcp, 'Sales_Order_Get_Status', { order_numbers: 1001 });
				assert.equal(type.isError, true, type.text);
				assert.match(type.text, /order_numbers/);

				const [order] = await answer(server.mcp, 'Sales_Order_Get_Status', {
					order_numbers: orderNumber,
				});
				assert.equal(order.order_number, orderNumber, 'the session did not go on after the errors');
				ctx.log(negative.text.split('\n')[0]);
			},
		},
		{
			name: 'over SSE too: the same tools are listed and a call is answered',
			async run() {
				connected();
				const sse = await mcpClient(server.url, server.token, SSEClientTransport);
				try {
					const { tools: listed } = await sse.listTools();
					assert.deepEqual(listed.map((t) => t.name).sort(), [...byTool.keys()].sort());
					const result = await call(sse, 'Sales_Order_Get_Status', { order_numbers: orderNumber });
					assert.equal(result.isError, false, result.text);
					assert.equal(JSON.parse(result.text)[0].order_number, orderNumber);
				} finally {
					await sse.close();
				}
			},
		},
		{
			name: 'every WMS tool n8n offers is described by its short action, and its operation names what it needs or takes',
			async run() {
				const problems = [];
				for (const node of ctx.declared.nodes.filter((n) => n.usableAsTool)) {
					const served = ctx.nodeTypes.get(`${node.type}Tool`);
					assert.ok(served, `${node.type}Tool is not served by n8n`);
					// n8n's own "Custom API Call" entry (its HTTP Request with this credential) is not ours to describe.
					for (const operation of operationsOf(served).filter(
						(o) => o.operation !== '__CUSTOM_API_CALL__',
					)) {
						const text = toolDescription(served, operation.parameters);
						const where = `${node.displayName} ${operation.resource}.${operation.operation}`;
						for (const problem of descriptionProblems(text))
							problems.push(`${where}: "${text}" ${problem}`);
						for (const name of unnamedFields(operation))
							problems.push(`${where}: "${operation.description}" does not name "${name}"`);
					}
				}
				assert.deepEqual(problems, []);
			},
		},
	];
}
