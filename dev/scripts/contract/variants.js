#!/usr/bin/env node
/**
 * The descriptions of the simulator's other shapes, written from contract/openapi.yaml as the
 * simulator serves them (dev/simulator/shapes/): test/fixtures/acme-wms-2.4.0.yaml and .json, for
 * tests that read a platform's own description without a simulator running.
 *
 *   node dev/scripts/contract/variants.js           write them (those that changed)
 *   node dev/scripts/contract/variants.js --check   write nothing; fail naming the files that differ
 *   --contract <file> --out <folder>                 other input or output
 */
'use strict';
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

require('./typescript');
const { loadContract } = require('../../simulator/contract.ts');
const { documentJson, documentYaml } = require('../../simulator/description.ts');
const { shapeDocument } = require('../../simulator/shapes/index.ts');

const ROOT = join(__dirname, '..', '..', '..');
const DEFAULTS = {
	contract: join(ROOT, 'contract', 'openapi.yaml'),
	out: join(ROOT, 'test', 'fixtures'),
};
/** Each shape's files, named after the vendor's title and version. */
const VARIANTS = [{ shape: 'acme', name: 'acme-wms-2.4.0' }];

/** File name → text, as the simulator serves each shape at {base}/openapi.yaml and .json. */
function variantFiles(contract = DEFAULTS.contract) {
	const ours = loadContract(contract).doc;
	const files = {};
	for (const { shape, name } of VARIANTS) {
		const doc = shapeDocument(shape, ours);
		files[`${name}.yaml`] = documentYaml(doc);
		files[`${name}.json`] = documentJson(doc);
	}
	return files;
}

function staleFiles(folder, files) {
	return Object.entries(files)
		.filter(([name, text]) => {
			const file = join(folder, name);
			return !existsSync(file) || readFileSync(file, 'utf8') !== text;
		})
		.map(([name]) => name);
}

function main(argv) {
	const option = (name) => {
		const at = argv.indexOf(`--${name}`);
		return at === -1 ? undefined : argv[at + 1];
	};
	const out = option('out') ?? DEFAULTS.out;
	const files = variantFiles(option('contract') ?? DEFAULTS.contract);
	const stale = staleFiles(out, files);
	const where = relative(ROOT, out) || '.';
	if (argv.includes('--check')) {
		if (stale.length === 0) {
			process.stdout.write(`${where}/: the shapes' descriptions are what the contract gives\n`);
			return 0;
		}
		process.stderr.write(
			`${where}/ does not hold what the contract gives (${stale.join(', ')}): run npm run contract:variants and commit the result\n`,
		);
		return 1;
	}
	mkdirSync(out, { recursive: true });
	for (const name of stale) writeFileSync(join(out, name), files[name]);
	process.stdout.write(`${where}/: ${stale.length ? `written ${stale.join(', ')}` : 'up to date'}\n`);
	return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { variantFiles, staleFiles, main, DEFAULTS, VARIANTS };
