/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The committed descriptions of the simulator's other shapes (test/fixtures/acme-wms-2.4.0.yaml
 * and .json) are what contract/openapi.yaml gives today, and say how to make them so when not.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse, parseDocument, stringify } from 'yaml';

import { DEFAULTS, main, staleFiles, variantFiles } from '../../dev/scripts/contract/variants';

const fixture = (name: string) => readFileSync(join(DEFAULTS.out, name), 'utf8');

describe("the shapes' committed descriptions", () => {
	// Nothing in `npm test` writes them before this runs: it reads the files as committed.
	it('are what contract/openapi.yaml gives (else run npm run contract:variants)', () => {
		const stale = staleFiles(DEFAULTS.out, variantFiles());
		if (stale.length > 0) {
			throw new Error(
				`test/fixtures/ (${stale.join(', ')}) is not what the contract gives: run npm run contract:variants and commit the result`,
			);
		}
	});

	it('fail the check, naming the files and the command, when the contract changed and nothing was written', () => {
		const dir = mkdtempSync(join(tmpdir(), 'wms-variants-'));
		const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
		const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
		try {
			expect(main(['--out', dir])).toBe(0);
			expect(main(['--check', '--out', dir])).toBe(0);
			const changed = parse(readFileSync(DEFAULTS.contract, 'utf8'));
			changed.components.schemas.Supplier.properties.website = { type: 'string' };
			const contract = join(dir, 'openapi.yaml');
			writeFileSync(contract, stringify(changed));
			expect(main(['--check', '--out', dir, '--contract', contract])).toBe(1);
			const said = err.mock.calls.map(([text]) => String(text)).join('');
			expect(said).toContain('acme-wms-2.4.0.yaml, acme-wms-2.4.0.json');
			expect(said).toContain('run npm run contract:variants');
		} finally {
			err.mockRestore();
			out.mockRestore();
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('are one document in two formats, the YAML real YAML with block scalars', () => {
		const yamlText = fixture('acme-wms-2.4.0.yaml');
		const doc = parseDocument(yamlText);
		expect(doc.errors).toEqual([]);
		expect(doc.toJS()).toEqual(JSON.parse(fixture('acme-wms-2.4.0.json')));
		expect(yamlText).toMatch(/^ {2}description: \|\n {4}Acme WMS exchanges/m);
		expect(yamlText.trimStart().startsWith('{')).toBe(false);
	});

	it('are valid OpenAPI 3.0', async () => {
		const doc = JSON.parse(fixture('acme-wms-2.4.0.json'));
		const valid = await SwaggerParser.validate(doc);
		expect(Object.keys(valid.paths ?? {})).toHaveLength(43);
	});
});
