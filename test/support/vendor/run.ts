/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test's support, run by Node: its seed and run count come from the environment */
/**
 * What every vendor property shares: how many vendors, at which seed (a failure's seed and path
 * replay it), and a platform started once per file with a Harness whose credential holds the
 * vendor's description pasted (each vendor's set before its run).
 */
import { Harness } from '../harness';
import { CLIENT_ID, CLIENT_SECRET } from './platform';

/** The runs of a property: `WMS_VENDORS` more, `WMS_VENDOR_SEED` / `WMS_VENDOR_PATH` to replay one. */
export function vendorRuns(runs: number) {
	return {
		RUNS: Number(process.env.WMS_VENDORS ?? runs),
		SEED: Number(process.env.WMS_VENDOR_SEED ?? 40_2026),
		PATH: process.env.WMS_VENDOR_PATH,
	};
}

/** Starts the platform before the file's tests and closes it after; the harness's credential reads a pasted description. */
export function onVendorPlatform<P extends { baseUrl: string; close(): Promise<void> }>(
	start: () => Promise<P>,
): { platform: P; harness: Harness } {
	const held = {} as { platform: P; harness: Harness };
	beforeAll(async () => {
		held.platform = await start();
		held.harness = new Harness({
			baseUrl: held.platform.baseUrl,
			clientId: CLIENT_ID,
			clientSecret: CLIENT_SECRET,
			description: 'pasted',
			descriptionText: '',
		});
	});
	afterAll(async () => await held.platform.close());
	return held;
}
