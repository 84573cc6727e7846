// Driving n8n's editor in Chromium (playwright-core): log in once, open workflows, node forms and the
// credential form, take screenshots. Selectors are the editor's data-test-id attributes (n8n 2.41).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const sessions = new WeakMap();

/** A logged-in browser page (one shared browser context per run). */
export async function editorPage(ctx) {
	let session = sessions.get(ctx);
	if (!session) {
		session = await signedIn(await ctx.browser(), `${ctx.n8n.url}/signin`, ctx.owner);
		sessions.set(ctx, session);
	}
	return session.page;
}

/**
 * A new browser context that opens `url` and logs in as a person does (n8n shows its sign-in page
 * first and, once logged in, the page asked for). `options`: the browser context's (userAgent…).
 * Answers {context, page}.
 */
export async function signedIn(browser, url, { email, password }, options = {}) {
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
	const page = await context.newPage();
	await page.goto(url);
	await page.fill('input[name="emailOrLdapLoginId"]', email);
	await page.fill('input[name="password"]', password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 30000 });
	return { context, page };
}

/** Opens a workflow on the canvas; takes over the edit lock a previous page may still hold. */
export async function openWorkflow(page, ctx, workflowId) {
	await page.goto(`${ctx.n8n.url}/workflow/${workflowId}`);
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30000 });
	// Settled: the workflow and any edit-lock banner have loaded.
	await page.waitForLoadState('networkidle');
	const editHere = page.getByText('Edit here', { exact: true });
	if (await editHere.count()) {
		await editHere.first().click();
		await page.waitForLoadState('networkidle');
	}
}

/** Double-clicks a node on the canvas and waits for its parameter form. */
export async function openNode(page, nodeName) {
	await page.dblclick(
		`[data-test-id="canvas-node"][data-node-name="${nodeName.replace(/"/g, '\\"')}"]`,
	);
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 15000 });
	await page.waitForLoadState('networkidle'); // dropdowns that load from the platform have loaded
}

export async function closeNode(page) {
	await page.keyboard.press('Escape');
	const closed = await page
		.waitForSelector('[data-test-id="ndv"]', { state: 'hidden', timeout: 5000 })
		.then(() => true)
		.catch(() => false);
	if (!closed) await page.reload(); // leave the canvas clean for the next test
}

/**
 * Names of the parameters shown in the open form (node or credential): plain inputs carry
 * data-test-id="parameter-input-<name>", collections and fixed collections a label for="<name>".
 * A resource mapper's markup does not name its parameter (and Map Automatically draws no field):
 * `mappers` names the form's resource mappers in their order (resourceMappers), each shown while
 * its control is drawn.
 */
export async function shownParameters(page, mappers = []) {
	// n8n's If and Filter nodes show their `conditions` (a filter parameter) as condition rows.
	const conditions = await page.$$eval('[data-test-id="filter-condition"]', (els) =>
		els.some((e) => e.offsetParent !== null),
	);
	const shown = await page.$$eval(
		'[data-test-id^="parameter-input-"], [data-test-id^="fixed-collection-"], label[for]',
		(els) => {
			const names = els
				.filter((e) => e.offsetParent !== null)
				.map((e) => {
					const id = e.getAttribute('data-test-id');
					if (id?.startsWith('parameter-input-')) return id.slice('parameter-input-'.length);
					if (id?.startsWith('fixed-collection-')) return id.slice('fixed-collection-'.length);
					return e.getAttribute('for');
				});
			return [...new Set(names.filter((n) => n && n !== 'add' && n !== 'field' && n !== 'item'))];
		},
	);
	const drawn = await page.$$eval(
		'[data-test-id="resource-mapper-container"]',
		(els) => els.filter((e) => e.offsetParent !== null).length,
	);
	return [...shown, ...(conditions ? ['conditions'] : []), ...mappers.slice(0, drawn)];
}

/**
 * The parameters shown once every one of `names` is (n8n draws some after loading: a resource
 * mapper's fields come from the node's method), or, after `timeout` ms without them, what is shown
 * then, for the check to name what is missing.
 */
export async function shownParametersWith(page, names, { timeout = 15000, mappers = [] } = {}) {
	const wanted = names.filter((n) => n !== 'conditions' && !mappers.includes(n));
	const drawn = names.filter((n) => mappers.includes(n)).length;
	await page
		.waitForFunction(
			([want, mapperCount]) =>
				want.every((name) =>
					[
						...document.querySelectorAll(
							`[data-test-id="parameter-input-${name}"], [data-test-id="fixed-collection-${name}"], label[for="${name}"]`,
						),
					].some((e) => e.offsetParent !== null),
				) &&
				[...document.querySelectorAll('[data-test-id="resource-mapper-container"]')].filter(
					(e) => e.offsetParent !== null,
				).length >= mapperCount,
			[wanted, drawn],
			{ timeout },
		)
		.catch(() => undefined);
	return shownParameters(page, mappers);
}

/** The field labels a user sees in the open form, as shown (a required one ends in " *" in credential forms). */
export async function shownLabels(page) {
	return page.$$eval('label', (els) =>
		els
			.filter((e) => e.offsetParent !== null)
			.map((e) => e.innerText.split('\n')[0].trim())
			.filter(Boolean),
	);
}

/** The parameters n8n shows for a node with these parameter values, by n8n-workflow's own display rules. */
function displayedParameters(description, node) {
	const require = createRequire(import.meta.url);
	const { NodeHelpers } = require('n8n-workflow');
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters ?? {},
			true,
			false,
			node,
			description,
		) ?? {};
	return description.properties.filter((p) =>
		NodeHelpers.displayParameter(values, p, node, description),
	);
}

/** The resource mappers of a node's form, in the order n8n draws them. */
export function resourceMappers(description, node) {
	return displayedParameters(description, node)
		.filter((p) => p.type === 'resourceMapper')
		.map((p) => p.name);
}

/**
 * The required top-level parameters n8n must show for a node with these parameter values, computed
 * with n8n-workflow's own display rules from the node type description as n8n serves it.
 */
export function requiredParameters(description, node) {
	return displayedParameters(description, node)
		.filter((p) => p.required && p.type !== 'hidden' && p.type !== 'notice')
		.map((p) => p.name);
}

/**
 * Saves a screenshot to test-results/e2e/ and, when docs/images/ has none of that name yet (or the
 * run asked for --update-images), to docs/images/ for README: a normal run leaves git status clean.
 * `forDocs: false`: a picture for the test run only.
 */
export async function screenshot(page, ctx, name, { forDocs = true } = {}) {
	fs.mkdirSync(ctx.shotsDir, { recursive: true });
	const file = path.join(ctx.shotsDir, `${name}.png`);
	await page.screenshot({ path: file });
	const docImage = path.join(ctx.imagesDir, `${name}.png`);
	if (forDocs && (ctx.updateImages || !fs.existsSync(docImage))) {
		fs.mkdirSync(ctx.imagesDir, { recursive: true });
		fs.copyFileSync(file, docImage);
	}
	return file;
}

export const slug = (s) =>
	s
		.replace(/\.json$/, '')
		.replace(/[^a-zA-Z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.toLowerCase();

const canvasNodeSelector = (name) =>
	`[data-test-id="canvas-node"][data-node-name="${name.replace(/"/g, '\\"')}"]`;

/** Runs the open workflow from the editor until `lastNode` shows success, then opens `nodeName`; its output panel. */
export async function runAndOpenOutput(page, lastNode, nodeName) {
	await page.click('[data-test-id="execute-workflow-button"]');
	await page.waitForSelector(
		`${canvasNodeSelector(lastNode)} [data-test-id="canvas-node-status-success"]`,
		{ timeout: 60000 },
	);
	await openNode(page, nodeName);
	return page.locator('[data-test-id="output-panel"]');
}

/**
 * One output (branch, from 0) of the open node as a table: its column names and every row's cell texts,
 * once `column` is shown. (n8n opens an item that carries a file in its Binary view: Table is clicked
 * after the branch.)
 */
export async function outputTable(output, branch, column) {
	if (await output.locator('[data-test-id="branches"]').count())
		await output.locator(`[data-test-id="branches"] [data-test-id="tab-${branch}"]`).click();
	await output.locator('[data-test-id="radio-button-table"]').click();
	const table = output.locator('[data-test-id="ndv-data-container"] table');
	await table.locator('th', { hasText: column }).first().waitFor({ timeout: 10000 });
	const headers = (await table.locator('thead th').allInnerTexts())
		.map((h) => h.trim())
		.filter(Boolean);
	const rows = await table
		.locator('tbody > tr')
		.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.innerText.trim())));
	return { headers, rows };
}

/**
 * Opens a workflow from the workflow list (`/home/workflows`) by its name, as a person finds it:
 * typed into the list's search (the list shows only the cards in view), then clicked.
 */
export async function openFromList(page, name) {
	await page
		.locator(
			'input[data-test-id="resources-list-search"], [data-test-id="resources-list-search"] input',
		)
		.first()
		.fill(name);
	await page
		.locator('[data-test-id="workflow-card-name"]')
		.filter({ hasText: name })
		.first()
		.click();
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30000 });
	await page.waitForLoadState('networkidle');
}
