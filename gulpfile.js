// Copies what tsc does not: node icons and codex (.node.json) files, next to the built nodes.
const { src, dest, parallel } = require('gulp');

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json'], { encoding: false }).pipe(
		dest('dist/nodes'),
	);
}

function copyCredentialAssets() {
	return src('credentials/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/credentials'));
}

exports['build:assets'] = parallel(copyNodeAssets, copyCredentialAssets);
