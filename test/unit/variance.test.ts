import {
	adjustmentDelta,
	adjustsAutomatically,
	aggregateErpLines,
	classify,
	csvCell,
	discrepancyOf,
	findDiscrepancies,
	summarizeVariance,
	toCsv,
	variancePercent,
	withinThreshold,
	type ComparedLine,
	type Discrepancy,
} from '../../nodes/WmsInventoryReconciliation/actions/comparison/reconcile/variance';

const line = (
	sku: string,
	erp: number,
	platform: number,
	extra: Partial<ComparedLine> = {},
): ComparedLine => ({
	warehouse_code: 'WH1',
	sku,
	erp_quantity: erp,
	platform_quantity: platform,
	in_erp_input: true,
	...extra,
});

describe('discrepancies', () => {
	it('reports platform − ERP with direction and percent of the ERP quantity, as the platform does', () => {
		expect(discrepancyOf(line('A', 100, 95))).toEqual({
			...line('A', 100, 95),
			difference: -5,
			direction: 'erp_higher',
			percent: -5,
		});
		expect(discrepancyOf(line('B', 40, 50))).toMatchObject({
			difference: 10,
			direction: 'platform_higher',
			percent: 25,
		});
	});

	it('finds no discrepancy where both sides agree, float noise included', () => {
		expect(discrepancyOf(line('A', 0.3, 0.1 + 0.2))).toBeUndefined();
		expect(discrepancyOf(line('A', 7, 7))).toBeUndefined();
	});

	it('has no percent when the ERP has none of the item', () => {
		expect(discrepancyOf(line('A', 0, 12))).toMatchObject({ difference: 12, percent: null });
		expect(variancePercent(3, 1)).toBe(33.33);
	});

	it('lists the largest differences first, then by warehouse, SKU and batch', () => {
		const found = findDiscrepancies([
			line('C', 10, 11),
			line('B', 10, 30),
			line('A', 10, 9),
			line('Z', 5, 5),
			line('D', 50, 30),
		]);
		expect(found.map((d) => [d.sku, d.difference])).toEqual([
			['B', 20],
			['D', -20],
			['A', -1],
			['C', 1],
		]);
	});

	it("keeps the caller's own fields on each line (e.g. the comparison id)", () => {
		const [found] = findDiscrepancies([{ ...line('A', 1, 2), comparison_id: 'CMP-1' }]);
		expect(found.comparison_id).toBe('CMP-1');
	});

	it('turns a discrepancy into the adjustment that makes the platform match the ERP', () => {
		expect(adjustmentDelta(discrepancyOf(line('A', 100, 95))!)).toBe(5);
		expect(adjustmentDelta(discrepancyOf(line('A', 2.5, 3.75))!)).toBe(-1.25);
	});
});

describe('threshold gate', () => {
	const small = discrepancyOf(line('S', 100, 97))!; // 3 units, 3 %
	const bigPercent = discrepancyOf(line('P', 10, 7))!; // 3 units, 30 %
	const bigUnits = discrepancyOf(line('U', 10000, 10050))!; // 50 units, 0.5 %
	const noErp = discrepancyOf(line('N', 0, 2))!; // 2 units, no percent

	it('with both limits adjusts only what is inside both', () => {
		const threshold = { units: 5, percent: 5, rule: 'all' as const };
		expect([small, bigPercent, bigUnits, noErp].map((d) => withinThreshold(d, threshold))).toEqual([
			true,
			false,
			false,
			false,
		]);
	});

	it('with either limit adjusts what is inside at least one', () => {
		const threshold = { units: 5, percent: 5, rule: 'any' as const };
		expect([small, bigPercent, bigUnits, noErp].map((d) => withinThreshold(d, threshold))).toEqual([
			true,
			true,
			true,
			true,
		]);
	});

	it('with one limit ignores the other, and a line the ERP has 0 of is never within a percent', () => {
		expect(withinThreshold(bigPercent, { units: 3, rule: 'all' })).toBe(true);
		expect(withinThreshold(bigUnits, { percent: 1, rule: 'all' })).toBe(true);
		expect(withinThreshold(noErp, { percent: 1000, rule: 'all' })).toBe(false);
	});

	it('includes the limit itself, and adjusts nothing without any limit', () => {
		expect(withinThreshold(small, { units: 3, rule: 'all' })).toBe(true);
		expect(withinThreshold(small, { units: 2.99, rule: 'all' })).toBe(false);
		expect(withinThreshold(small, { rule: 'all' })).toBe(false);
	});

	it('labels lines adjust / needs review, or report only when there is no threshold (dry run)', () => {
		const threshold = { units: 5, percent: 5, rule: 'all' as const };
		expect(classify([small, bigUnits], threshold).map((d) => d.action)).toEqual([
			'adjust',
			'needs_review',
		]);
		expect(classify([small, bigUnits], undefined).map((d) => d.action)).toEqual([
			'report_only',
			'report_only',
		]);
	});
});

describe('lines the ERP input did not contain', () => {
	// Platform-only stock (the export lost the row, or the ERP does not list the SKU), and a batch the ERP does not list.
	const platformOnly = discrepancyOf(line('P', 0, 3, { in_erp_input: false }))!;
	const unlistedBatch = discrepancyOf(line('B', 0, 1, { batch: 'L9', in_erp_input: false }))!;
	const listedAtZero = discrepancyOf(line('Z', 0, 3))!;
	const loose = { units: 5, rule: 'all' as const };

	it('are never adjusted automatically by default, however small, and need review instead', () => {
		expect(
			classify([platformOnly, unlistedBatch, listedAtZero], loose).map((d) => [d.sku, d.action]),
		).toEqual([
			['P', 'needs_review'],
			['B', 'needs_review'],
			['Z', 'adjust'],
		]);
		expect(adjustsAutomatically(platformOnly, { units: 1000, percent: 1000, rule: 'any' })).toBe(
			false,
		);
	});

	it('are adjusted inside the threshold only when the user turned that on', () => {
		const allowed = { ...loose, adjustLinesNotInErpInput: true };
		expect(classify([platformOnly, unlistedBatch], allowed).map((d) => d.action)).toEqual([
			'adjust',
			'adjust',
		]);
		expect(
			classify([discrepancyOf(line('P', 0, 30, { in_erp_input: false }))!], allowed).map(
				(d) => d.action,
			),
		).toEqual(['needs_review']);
	});

	it('stay in the report of a dry run, marked', () => {
		expect(classify([platformOnly], undefined)).toEqual([
			expect.objectContaining({ sku: 'P', in_erp_input: false, action: 'report_only' }),
		]);
	});
});

describe('summary', () => {
	it('counts lines, units and directions and names the largest differences', () => {
		const found = findDiscrepancies([
			line('A', 10, 12),
			line('B', 10, 4, { batch: 'L1' }),
			line('C', 5, 5),
			line('D', 1, 0.5),
			line('E', 0, 2, { in_erp_input: false }),
		]);
		expect(summarizeVariance(5, found, 2)).toEqual({
			lines_compared: 5,
			lines_matching: 1,
			lines_differing: 4,
			total_absolute_units: 10.5,
			net_units: -2.5,
			lines_erp_higher: 2,
			lines_platform_higher: 2,
			lines_not_in_erp_input: 1,
			largest_differences: [
				{ warehouse_code: 'WH1', sku: 'B', batch: 'L1', difference: -6, percent: -60 },
				{ warehouse_code: 'WH1', sku: 'A', batch: '', difference: 2, percent: 20 },
			],
		});
	});

	it('is all zeros when nothing differs', () => {
		expect(summarizeVariance(3, [])).toMatchObject({
			lines_differing: 0,
			total_absolute_units: 0,
			largest_differences: [],
		});
	});
});

describe('ERP lines', () => {
	it('sums lines of the same warehouse, SKU and batch and remembers every input item', () => {
		const merged = aggregateErpLines([
			{ itemIndex: 0, warehouse_code: 'WH1', sku: 'A', quantity: 5 },
			{ itemIndex: 1, warehouse_code: 'WH1', sku: 'A', batch: '', quantity: 2.5 },
			{ itemIndex: 2, warehouse_code: 'WH1', sku: 'A', batch: 'L1', quantity: 1 },
			{ itemIndex: 3, warehouse_code: 'WH2', sku: 'A', quantity: 4 },
		]);
		expect(merged).toEqual([
			{ warehouse_code: 'WH1', sku: 'A', quantity: 7.5, itemIndexes: [0, 1] },
			{ warehouse_code: 'WH1', sku: 'A', batch: 'L1', quantity: 1, itemIndexes: [2] },
			{ warehouse_code: 'WH2', sku: 'A', quantity: 4, itemIndexes: [3] },
		]);
	});
});

describe('CSV', () => {
	it('writes a header and one row per line, quoting what needs it', () => {
		const lines = classify(
			findDiscrepancies([
				line('A,1', 10, 12),
				line('B', 0, 3, { batch: 'L "7"', in_erp_input: false }),
			]),
			undefined,
		);
		expect(toCsv(lines)).toBe(
			'warehouse_code,sku,batch,erp_quantity,platform_quantity,difference,direction,percent,action,in_erp_input\r\n' +
				'WH1,B,"L ""7""",0,3,3,platform_higher,,report_only,false\r\n' +
				'WH1,"A,1",,10,12,2,platform_higher,20,report_only,true\r\n',
		);
	});

	it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
		expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
		expect(csvCell('-SKU')).toBe("'-SKU");
		expect(csvCell(-5)).toBe('-5');
		expect(csvCell(null)).toBe('');
	});

	it('is just the header for an empty report', () => {
		expect(toCsv([] as Array<Discrepancy & { action: 'adjust' }>, ['sku'])).toBe('sku\r\n');
	});
});
