/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * A platform's description as input from outside (issue 30), through real n8n-core against the
 * Acme simulator: a document that cannot be used stops the run naming the place in it (a JSON
 * pointer) or the reason, with nothing sent; a description on another host, or at an address
 * that redirects to another host, is read without the credential.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../dev/simulator';
import { harnessFor } from '../support/harness';
import { itemOf } from '../support/platform';
import { fixture, keyOf, range, v2, writes } from '../support/otherShape';

jest.setTimeout(60_000);

const item = (i: number) => ({
	item_number: keyOf('IT', i),
	owner_code: 'OWNER-1',
	unit_of_measure: 'EA',
	description: `Item ${i}`,
});

const addItems = v2('wmsInventory', {
	resource: 'item',
	operation: 'upsert',
	fieldsToSend: 'inputItem',
});

const SWAGGER_2 = JSON.stringify({
	swagger: '2.0',
	info: { title: 'Acme WMS Public API', version: '1.9.0' },
	basePath: '/v1',
	paths: {},
});

describe('Acme: a description that cannot be used', () => {
	let sim: RunningSimulator;
	beforeEach(async () => (sim = await startSimulator({ shape: 'acme' })));
	afterEach(async () => await sim.close());

	/** A run of Inventory → Add or Update with this credential: it must stop, with nothing sent. */
	async function stopped(credential: ICredentialDataDecryptedObject) {
		const { outputs, error } = await harnessFor(sim, credential).run(addItems, [item(0)]);
		expect(outputs).toEqual([]);
		expect(writes(sim)).toEqual({});
		expect(sim.store.count('inventory_item')).toBe(0);
		expect(error?.message).toMatch(/Nothing was sent\.$/);
		return error!;
	}

	it.each(['json', 'yaml'] as const)(
		'Pasted (%s) with a $ref to another file: names the file and where the reference is written',
		async (format) => {
			const text = fixture(format).replace(
				'"#/components/schemas/InventoryItem"',
				'"inventory-item.yaml#/InventoryItem"',
			);
			expect(text).not.toBe(fixture(format));
			const error = await stopped({ description: 'pasted', descriptionText: text });
			expect(error.message).toBe(
				"The platform's API description pasted in the credential cannot be used: a $ref to another document (inventory-item.yaml#/InventoryItem): only references inside the description are read; use the platform's bundled, one-file description (in schema InventoryAddRequest, field data). Nothing was sent.",
			);
			expect(error.description).toMatch(
				/^Paste the whole description as the platform publishes it/,
			);
		},
	);

	it('a Swagger 2.0 document, pasted or at the URL: says it is Swagger 2.0 and what to do', async () => {
		const pasted = await stopped({ description: 'pasted', descriptionText: SWAGGER_2 });
		expect(pasted.message).toMatch(
			/^The platform's API description pasted in the credential cannot be used: a Swagger 2\.0 description: the package reads OpenAPI 3\.0 and 3\.1; .* \(in the swagger field\)\. Nothing was sent\.$/,
		);
		sim.description.set({ text: SWAGGER_2, format: 'json' });
		const served = await stopped({ description: 'platform', descriptionUrl: 'openapi.json' });
		expect(served.message).toMatch(
			new RegExp(
				`^The platform's API description read from ${sim.description.urls.json.replace(/[.]/g, '\\.')} cannot be used: a Swagger 2\\.0 description.* \\(in the swagger field\\)\\. Nothing was sent\\.$`,
			),
		);
		expect(served.description).toMatch(/^Ask the platform for its OpenAPI 3 description/);
	});

	it('a web page at the URL (a documentation viewer): says so and asks for the file itself', async () => {
		const page = await webPage(
			'<!DOCTYPE html><html><head><title>Acme API docs</title></head></html>',
		);
		try {
			const error = await stopped({ description: 'platform', descriptionUrl: page.url });
			expect(error.message).toBe(
				`The platform's API description read from ${page.url} cannot be used: it is a web page, not an OpenAPI description (a login page or a documentation viewer?): give the address of the JSON or YAML file itself. Nothing was sent.`,
			);
			// Another host: asked without the credential.
			expect(page.requests.map((headers) => headers.authorization)).toEqual([undefined]);
		} finally {
			await page.close();
		}
	});

	it('nothing at the URL (404): names the address and what to check', async () => {
		const error = await stopped({ description: 'platform', descriptionUrl: 'docs/openapi.json' });
		expect(error.message).toBe(
			`The platform's API description could not be read from ${sim.baseUrl}/docs/openapi.json (HTTP 404): there is no description at that address. Nothing was sent.`,
		);
		expect(error.description).toMatch(/^Check the Description URL in the credential/);
	});
});

describe('Acme: a description on another host is read without the credential', () => {
	let sim: RunningSimulator;
	const start = async (description: SimulatorOptions['description']) =>
		(sim = await startSimulator({ shape: 'acme', description }));
	afterEach(async () => await sim.close());

	/** Stores three items with this credential, and answers what the description's addresses saw. */
	async function run(credential: ICredentialDataDecryptedObject) {
		const { outputs, error } = await harnessFor(sim, credential).run(addItems, range(3).map(item));
		return { outputs, error, seen: sim.description.requests() };
	}

	it('at an address on another host: asked for without Authorization, and followed', async () => {
		await start({ otherOrigin: true });
		const { outputs, error, seen } = await run({
			description: 'platform',
			descriptionUrl: sim.description.urls.otherOrigin!.json,
		});
		expect(error).toBeUndefined();
		expect(outputs[0].map(itemOf)).toEqual([0, 1, 2]);
		expect(seen).toEqual([
			{ origin: 'other', path: '/v1/openapi.json', status: 200, authorization: false },
		]);
		expect(sim.store.count('inventory_item')).toBe(3);
	});

	it('at an address that redirects to another host: the credential goes to the platform, not along the redirect', async () => {
		await start({ otherOrigin: true, redirectToOtherOrigin: true });
		const { error, seen } = await run({ description: 'platform', descriptionUrl: 'openapi.yaml' });
		expect(error).toBeUndefined();
		expect(seen).toEqual([
			{ origin: 'main', path: '/v1/openapi.yaml', status: 307, authorization: true },
			{ origin: 'other', path: '/v1/openapi.yaml', status: 200, authorization: false },
		]);
		expect(sim.store.count('inventory_item')).toBe(3);
	});

	it('another host that wants a token is refused one: the run stops, saying so, with nothing sent', async () => {
		await start({ otherOrigin: { requireToken: true }, redirectToOtherOrigin: true });
		const { error, seen } = await run({ description: 'platform', descriptionUrl: 'openapi.json' });
		expect(error?.message).toMatch(
			/could not be read from .*\/v1\/openapi\.json \(HTTP 401\): the platform refused this API client the description\. Nothing was sent\.$/,
		);
		expect(seen.filter((request) => request.origin === 'other')).toEqual([
			{ origin: 'other', path: '/v1/openapi.json', status: 401, authorization: false },
		]);
		expect(writes(sim)).toEqual({});
	});
});

/** A real HTTP server answering every request with this HTML page, noting each request's headers. */
async function webPage(html: string) {
	const requests: IncomingHttpHeaders[] = [];
	const server: Server = createServer((request, response) => {
		requests.push(request.headers);
		response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
		response.end(html);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/docs/`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
