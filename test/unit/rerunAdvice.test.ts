/**
 * What a row not confirmed after a lost answer tells the person about running the node again:
 * safe where the route is sent again; "would add another" only where the description says so
 * (x-idempotent: false); otherwise on what it depends, and the option to choose where the node
 * has one.
 */
import type { INode } from 'n8n-workflow';

import { notConfirmed } from '../../nodes/shared/bulk/outcomes';
import { PlatformError, type GaveUp } from '../../nodes/shared/transport/errors';

const node: INode = {
	id: 'n1',
	name: 'WMS',
	type: 'n8n-nodes-wms-integration.wmsErpUpdate',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
};

const lost = (more: Partial<GaveUp>): GaveUp => ({
	headers: {},
	code: 'ECONNRESET',
	message: 'connection closed by the other side',
	baseUrl: 'https://wms.example.com/v1',
	route: '/erp_update/set_complete',
	attempts: 1,
	mayBeStored: true,
	...more,
});

const advice = (more: Partial<GaveUp>) =>
	notConfirmed(new PlatformError(node, lost(more)), 'lost', true, 'UPD-1').error.message;

describe('the advice of a row not confirmed after a lost answer', () => {
	it('sent again where it is safe: a re-run is safe', () => {
		expect(advice({ idempotent: true })).toMatch(/Running the node again is safe/);
	});

	it('the description says a second one would be added: it says so', () => {
		expect(advice({ idempotent: false, saysUnsafe: true })).toMatch(
			/before the connection dropped, and a second run would add another: check the platform before running the node again\.$/,
		);
	});

	it('the description is silent, the node has Re-Send After a Lost Answer: on what it depends, and what to choose', () => {
		const said = advice({ idempotent: false, resendOption: true });
		expect(said).toMatch(
			/a second run adds another unless the platform keeps one record per key: check the platform before running the node again, or, if it does keep one, set Options → Re-Send After a Lost Answer to Re-Send\.$/,
		);
		expect(said).not.toMatch(/would add another/);
	});

	it('the description is silent and the node has no such option: on what it depends, no option named', () => {
		const said = advice({ idempotent: false });
		expect(said).toMatch(
			/a second run adds another unless the platform keeps one record per key: check the platform before running the node again\.$/,
		);
		expect(said).not.toMatch(/Re-Send After a Lost Answer/);
	});

	it('a success answer that could not be read says the platform may have stored it without confirming it', () => {
		expect(advice({ idempotent: false, status: 200, code: undefined })).toMatch(
			/may have stored it without confirming it; a second run adds another unless/,
		);
	});
});
