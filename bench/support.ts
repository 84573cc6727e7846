/** What the benchmarks share: command-line numbers, peak-memory timing, an ERP item row. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** `--name N` from the command line, or the fallback. */
export function arg(name: string, fallback: number): number {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

let collectGarbage: (() => void) | undefined;

/**
 * Highest RSS seen while `work` runs (sampled every 10 ms) and its wall time. With
 * `collectFirst`, what earlier runs left is collected before, so runs do not pay for each other.
 */
export async function withPeakRss<T>(work: () => Promise<T>, { collectFirst = false } = {}): Promise<{ result: T; peakMb: number; seconds: number }> {
	if (collectFirst) {
		if (!collectGarbage) {
			setFlagsFromString('--expose-gc');
			collectGarbage = runInNewContext('gc') as () => void;
		}
		collectGarbage();
	}
	let peak = process.memoryUsage().rss;
	const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
	const started = process.hrtime.bigint();
	try {
		const result = await work();
		return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
	} finally {
		clearInterval(timer);
	}
}

/** One inventory item as an ERP exports it (the keys as an ERP sends them). */
export function erpItemRow(sku: string, description: string, barcode: string, i: number) {
	return {
		sku,
		description,
		barcodes: [barcode],
		unit_of_measure: 'EA',
		weight_kg: 0.25,
		dimensions_cm: { length: 10, width: 5, height: 2 },
		batch_tracked: i % 3 === 0,
		country_of_origin: 'DE',
		hs_code: '731815',
		category: 'bench',
		x_erp_id: `E${i}`,
	};
}
