#!/usr/bin/env node
// Installs, when missing, what the end-to-end suites need: Debian's Chromium, Postgres and Redis, the
// n8n 2.x host and the n8n 1.x host. `npm test` starts this in the background at its first step, so
// the installs (mostly network and disk) overlap lint, types, unit and integration (mostly CPU)
// instead of following them. Each install holds its own lock (install.mjs), so a suite that reaches
// its host first waits for this one to finish rather than installing it twice.
import { ensureChromium } from '../n8n-host/lib/browser.mjs';
import { HOSTS, ensureN8n, log } from '../n8n-host/lib/install.mjs';
import { ensureServices } from '../n8n-host/lib/services.mjs';

const steps = [
	['Chromium', () => ensureChromium()],
	['Postgres and Redis', () => ensureServices()],
	[HOSTS.n8n2.label, () => ensureN8n(HOSTS.n8n2)],
	[HOSTS.n8n1.label, () => ensureN8n(HOSTS.n8n1)],
];
let failed = 0;
for (const [name, ensure] of steps) {
	const started = Date.now();
	try {
		await ensure();
		log(`prepared: ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
	} catch (error) {
		// The suite that needs it tries again itself and fails there with its own words.
		failed++;
		log(`could not prepare ${name}: ${error instanceof Error ? error.message : error}`);
	}
}
process.exitCode = failed ? 1 : 0;
