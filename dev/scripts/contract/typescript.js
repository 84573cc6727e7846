/**
 * Lets the build scripts require the package's own TypeScript (the description compiler in
 * nodes/shared/platform/description/) before anything is built: each .ts file is transpiled as
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
}
