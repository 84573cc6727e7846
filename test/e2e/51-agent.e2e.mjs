// "Ask the warehouse" (examples/ask-the-warehouse.json) run as a person runs it: in n8n's editor,
// its chat, with a chat model of the project's own (test/e2e/support/modelServer.mjs, scripted per
// test) behind n8n's OpenAI Chat Model node. The model calls *Sales Order Add or Update*; n8n's
// human review shows the order with Send it / Do not send; the order reaches the platform only
// after Send it, never after Do not send, and the model is told which.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { workflowForImport } from '../../dev/n8n-host/lib/client.mjs';
import { chatModelNodes } from './support/agent.mjs';
import { callTool, say, startModelServer, toolOutputs } from './support/modelServer.mjs';
import { openWorkflow, screenshot, signedIn } from './support/editor.mjs';

/**
 * A person's browser: n8n answers an approval link opened by a browser that calls itself headless
 * as it answers a link preview by a bot, with nothing (n8n-nodes-base's sendAndWait, isbot).
 */
const PERSON_S_BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const EXAMPLE = 'ask-the-warehouse.json';
const WRITING_TOOL = /^Sales_Order_Add_or_Update/;

/** The example as the user makes it runnable: their model credential chosen in its chat model node. */
async function runnableExample(ctx, example, modelCredential) {
	const [model] = chatModelNodes(example.source);
	const nodes = example.source.nodes.map((node) =>
		node.name === model.name
			? {
					...node,
					credentials: { openAiApi: { id: modelCredential.id, name: modelCredential.name } },
				}
			: node,
	);
	return ctx.client.api(
		'POST',
		'/workflows',
		workflowForImport(
			{ ...example.source, name: `${example.name} (scripted model)`, nodes },
			ctx.credential,
		),
	);
}

/** Sends a message in the editor's chat, as a person types it and presses Enter (again, if the chat was not ready). */
async function chat(page, text) {
	const input = page
		.locator('[data-test-id="chat-input"] textarea, textarea[data-test-id="chat-input"]')
		.first();
	await input.fill(text);
	const handle = await input.elementHandle();
	for (let tries = 0; (await input.inputValue()) !== '' && tries < 10; tries++) {
		await input.press('Enter');
		await page.waitForFunction((el) => el.value === '', handle, { timeout: 2000 }).catch(() => {});
	}
	assert.equal(await input.inputValue(), '', 'the chat did not take the message');
}

export default function (ctx) {
	const example = ctx.workflows.find((w) => w.file === EXAMPLE);
	const state = {};
	const order = () => `SO-AGENT-${randomBytes(3).toString('hex').toUpperCase()}`;
	const today = new Date().toISOString().slice(0, 10);
	const stored = (number) => ctx.simulator.store.get('sales_order', number);
	const orderArgs = (number) => ({
		order_number: number,
		customer_code: 'CUST-1',
		warehouse_code: 'WH1',
		order_date: today,
		lines: [{ sku: 'NUT-M8', quantity: 20 }],
	});

	/** One conversation: the model asks to send `number`, the person answers with `button`. */
	async function conversation(number, button, reply) {
		const { model, page } = state;
		model.script([callTool(WRITING_TOOL, orderArgs(number)), say(reply)]);
		await chat(page, `Order 20 NUT-M8 for CUST-1 from WH1 as ${number}.`);
		const review = page.getByRole('button', { name: button, exact: true }).last();
		await review.waitFor({ timeout: 60000 }).catch(async (error) => {
			await page.screenshot({
				path: `${ctx.shotsDir}/agent-no-review-${model.requests.length}.png`,
			});
			throw error;
		});
		assert.equal(stored(number), undefined, `${number} reached the platform before the review`);
		await page
			.getByText(
				`The assistant wants to send sales order ${number} to the warehouse: customer CUST-1`,
			)
			.first()
			.waitFor({ timeout: 10000 });
		// The order the model wants to send and the two buttons, in view together.
		await page
			.getByText(`The assistant wants to send sales order ${number}`)
			.last()
			.evaluate((el) => el.scrollIntoView({ block: 'start' }));
		await screenshot(page, ctx, `agent-review-${button === 'Send it' ? 'send' : 'refuse'}`, {
			forDocs: button === 'Send it',
		});
		await review.click();
		await page.getByText(reply).first().waitFor({ timeout: 60000 });
		assert.equal(model.left(), 0, 'the model was not asked again after the review');
		const told = toolOutputs(model.requests[model.requests.length - 1].body);
		assert.equal(told.length >= 1, true, 'the model was not told what became of its tool call');
		return told[told.length - 1];
	}

	return [
		{
			name: `${EXAMPLE} in the editor's chat with a scripted model: the model calls Sales Order Add or Update, the review step shows the order, Send it sends it once and the model is told it was stored`,
			timeoutMs: 180000,
			async run() {
				assert.ok(example, `examples/${EXAMPLE} was not imported`);
				state.model = await startModelServer();
				ctx.onCleanup(() => state.model.close());
				const credential = await ctx.client.saveCredential({
					name: 'Scripted model (e2e)',
					type: 'openAiApi',
					data: { apiKey: 'scripted-model-key', url: state.model.url },
				});
				const workflow = await runnableExample(ctx, example, credential);
				const session = await signedIn(await ctx.browser(), `${ctx.n8n.url}/signin`, ctx.owner, {
					userAgent: PERSON_S_BROWSER,
				});
				ctx.onCleanup(() => session.context.close());
				state.page = session.page;
				await openWorkflow(state.page, ctx, workflow.id);
				await state.page.click('[data-test-id="workflow-chat-button"]');
				const number = order();
				const told = await conversation(number, 'Send it', `${number} is on its way to WH1.`);
				assert.equal(stored(number)?.customer_code, 'CUST-1', `${number} is not on the platform`);
				assert.deepEqual(
					stored(number).lines.map(({ sku, quantity }) => [sku, quantity]),
					[['NUT-M8', 20]],
				);
				assert.match(told, new RegExp(`${number}.*created|created.*${number}`, 's'));
				await screenshot(state.page, ctx, 'agent-sent', { forDocs: false });
				ctx.log(`told the model: ${told.slice(0, 200)}`);
			},
		},
		{
			name: `${EXAMPLE}: Do not send keeps the order off the platform, and the model is told it was not sent`,
			timeoutMs: 180000,
			async run() {
				assert.ok(state.page, 'needs the chat of the test before');
				const number = order();
				const told = await conversation(number, 'Do not send', `${number} was not sent.`);
				assert.equal(stored(number), undefined, `${number} reached the platform after Do not send`);
				assert.doesNotMatch(told, /created/);
				assert.match(told, /rejected the tool call to Sales Order Add or Update/);
				await screenshot(state.page, ctx, 'agent-refused', { forDocs: false });
				ctx.log(`told the model: ${told.slice(0, 200)}`);
			},
		},
	];
}
