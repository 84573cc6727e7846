// The real browser of the end-to-end suites: Debian's Chromium driven by playwright-core, installed
// with apt-get when missing, launched once per suite on first use and closed with its cleanups.
import fs from 'node:fs';

import { aptInstall } from './services.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing. */
export async function ensureChromium() {
	if (fs.existsSync(CHROMIUM)) return;
	await aptInstall(['chromium']);
	if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not at ${CHROMIUM} after installing it`);
}

/** A suite's `ctx.browser()`: one shared Chromium, launched on first use, closed by `cleanups`. */
export function sharedBrowser(cleanups) {
	let browser;
	return async () => {
		if (!browser) {
			const { chromium } = await import('playwright-core');
			browser = await chromium.launch({
				executablePath: CHROMIUM,
				headless: true,
				args: [
					'--no-sandbox',
					'--disable-gpu',
					'--disable-background-networking',
					'--disable-component-update',
					'--disable-sync',
					'--no-first-run',
				],
			});
			cleanups.push(() => browser.close());
		}
		return browser;
	};
}
