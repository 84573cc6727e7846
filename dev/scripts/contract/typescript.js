/**
 * Lets the build scripts require the package's own TypeScript (the description compiler in
 * nodes/shared/platform/description/, the nodes themselves) before anything is built: each .ts file is transpiled as
 * it is required, as ts-jest does for the tests. Types are checked by `npm run typecheck`.
 */
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

if (!require.extensions['.ts']) {
	require.extensions['.ts'] = (module, filename) => {
		const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
			fileName: filename,
		});
		module._compile(outputText, filename);
	};
	// A node's source (X.node.ts) sits beside its codex (X.node.json), which Node would load for
	// `import './X.node'`: the TypeScript is taken first, as jest does.
	const Module = require('node:module');
	const resolve = Module._resolveFilename;
	Module._resolveFilename = function (request, parent, ...rest) {
		if (request.startsWith('.') && request.endsWith('.node')) {
			try {
				return resolve.call(this, `${request}.ts`, parent, ...rest);
			} catch {
				// Not a node's source: resolved as Node resolves it.
			}
		}
		return resolve.call(this, request, parent, ...rest);
	};
}
