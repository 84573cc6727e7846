/**
 * The documents the simulator serves (our contract and every other vendor's shape) are valid
 * OpenAPI: the proof on vendors we never saw runs on descriptions a vendor could publish.
 */
import SwaggerParser from '@apidevtools/swagger-parser';

import { loadContract } from '../../dev/simulator/contract';
import { SHAPES, shapeDocument } from '../../dev/simulator/shapes';

describe("the simulator's served descriptions", () => {
	it.each(['ours', ...Object.keys(SHAPES)])('%s is valid OpenAPI', async (name) => {
		const doc = structuredClone(shapeDocument(name, loadContract().doc));
		const complaints = await SwaggerParser.validate(doc as never).then(
			() => [],
			(e: { details?: Array<{ instancePath?: string; message?: string }>; message: string }) =>
				e.details?.map((d) => `${d.instancePath} ${d.message}`) ?? [e.message],
		);
		expect(complaints.slice(0, 5)).toEqual([]);
	});
});
