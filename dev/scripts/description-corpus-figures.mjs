// The figures of dev/scripts/description-corpus.mjs from each document's result, and their print-out.

/** Logistics vendors, by their file, title or tags; commerce vendors by their file or title only (tags name orders everywhere). */
const LOGISTICS =
	/\b(ship|logistic|fulfil|warehous|inventor|parcel|courier|freight|carriers?\b|postal|cargo)/i;
const LOGISTICS_TAGS =
	/\b(shipping|shipment|logistic|fulfil|warehous|inventor|parcel|courier|freight|carriers?\b)/i;
const COMMERCE = /(commerce|\bshop|\border|merchant|marketplace|\bcart\b|checkout|retail)/i;

const sum = (list, key) => list.reduce((total, item) => total + (item[key] ?? 0), 0);

export function figures(label, documents, results) {
	const all = documents.map((document, k) => ({ name: document.name, ...results[k] }));
	const read = all.filter((result) => result.status === 'read');
	const refused = all.filter((result) => result.status === 'refused');
	const broken = all.filter((result) => result.status === 'crash' || result.status === 'hang');
	const reasons = new Map();
	for (const result of refused) {
		const reason = reasons.get(result.what) ?? {
			count: 0,
			first: `${result.name} ${result.pointer}`,
		};
		reason.count++;
		reasons.set(result.what, reason);
	}
	const notes = new Map();
	for (const result of read)
		for (const kind of result.notes) notes.set(kind, (notes.get(kind) ?? 0) + 1);
	const trade = (result) =>
		LOGISTICS.test(`${result.name} ${result.title}`)
			? 'logistics'
			: COMMERCE.test(`${result.name} ${result.title}`)
				? 'commerce'
				: LOGISTICS_TAGS.test(result.tags.join(' '))
					? 'logistics (by its tags)'
					: undefined;
	const vendors = read
		.filter((result) => trade(result) !== undefined)
		.map((result) => ({
			name: result.name,
			title: result.title,
			trade: trade(result),
			...Object.fromEntries(
				[
					'routes',
					'writesWithFields',
					'bulkWithFields',
					'readable',
					'bulkReadable',
					'keyed',
					'operations',
					'operationsWithParams',
					'nonPost',
				].map((key) => [key, result[key]]),
			),
		}));
	const slowest = all.filter((result) => result.ms !== undefined).sort((a, b) => b.ms - a.ms)[0];
	return {
		source: label,
		documents: all.length,
		read: read.length,
		refused: refused.length,
		crashed: broken.filter((result) => result.status === 'crash').length,
		hung: broken.filter((result) => result.status === 'hang').length,
		broken: broken.map(({ name, status, what, stack }) => ({ name, status, what, stack })),
		refusals: [...reasons]
			.map(([what, reason]) => ({ what, ...reason }))
			.sort((a, b) => b.count - a.count),
		withoutPointer: refused.filter((result) => !result.pointer || !result.what).map((r) => r.name),
		routes: sum(read, 'routes'),
		writes: sum(read, 'writes'),
		writesWithFields: sum(read, 'writesWithFields'),
		bulkWithFields: sum(read, 'bulkWithFields'),
		readable: sum(read, 'readable'),
		bulkReadable: sum(read, 'bulkReadable'),
		keyed: sum(read, 'keyed'),
		operations: sum(read, 'operations'),
		operationReads: sum(read, 'operationReads'),
		operationsWithParams: sum(read, 'operationsWithParams'),
		nonPost: sum(read, 'nonPost'),
		documentsWithWrites: read.filter((result) => result.writesWithFields > 0).length,
		notes: [...notes]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 15)
			.map(([kind, count]) => ({ kind, count })),
		vendors,
		slowest: slowest ? { name: slowest.name, ms: slowest.ms } : undefined,
	};
}

export function print(f) {
	console.log(
		`\n${f.source}: ${f.documents} documents: ${f.read} read, ${f.refused} refused, ${f.crashed} crashed, ${f.hung} hung` +
			(f.slowest ? ` (slowest ${f.slowest.name}, ${f.slowest.ms} ms)` : ''),
	);
	for (const broken of f.broken)
		console.log(
			`  ${broken.status.toUpperCase()} ${broken.name}: ${broken.what}${broken.stack ? `\n${broken.stack}` : ''}`,
		);
	for (const reason of f.refusals)
		console.log(`  refused ${reason.count} × ${reason.what} (first: ${reason.first})`);
	for (const name of f.withoutPointer) console.log(`  REFUSED WITHOUT A POINTER OR REASON ${name}`);
	console.log(
		`  read: ${f.routes} routes compiled; ${f.writesWithFields} write routes with fields (${f.bulkWithFields} bulk) ` +
			`in ${f.documentsWithWrites} documents; ${f.readable} with an answer the package reads ` +
			`(${f.bulkReadable} bulk with per-row results, the rest actions); ${f.keyed} with a key; ` +
			`${f.operations} GET/PUT/PATCH/DELETE routes (${f.operationReads} reads that page or filter, ` +
			`${f.operationsWithParams} with path or query parameters); ${f.nonPost} other-method operations left out`,
	);
	console.log('  notes by their first words:');
	for (const note of f.notes) console.log(`    ${note.count} × ${note.kind} …`);
	console.log(`  logistics and commerce vendors (${f.vendors.length}):`);
	for (const v of f.vendors)
		console.log(
			`    ${v.trade} ${v.name} (${v.title}): ${v.routes} routes, ${v.writesWithFields} write routes with fields ` +
				`(${v.bulkWithFields} bulk), ${v.readable} readable (${v.bulkReadable} bulk), ${v.keyed} keyed, ` +
				`${v.operations} GET/PUT/PATCH/DELETE (${v.operationsWithParams} with parameters), ${v.nonPost} left out`,
		);
}
