/**
 * A node type that came after the area nodes' version 3 starts at its own version 1 with what the
 * area nodes do at 3 (error items a person reads, a record sent again said so), and an AI agent's
 * tool of it behaves as the node.
 */
import { behaviourOf, fromVersion } from '../../nodes/shared/version';

const node = (type: string, typeVersion: number) => ({
	type: `n8n-nodes-wms-integration.${type}`,
	typeVersion,
});

describe('the behaviour a node version has', () => {
	it('is the version itself for the area nodes', () => {
		expect(behaviourOf(node('wmsSupplier', 1))).toBe(1);
		expect(behaviourOf(node('wmsSalesOrder', 3))).toBe(3);
		expect(fromVersion({ getNode: () => node('wmsInventory', 2) as never }, 3)).toBe(false);
	});

	it("is the area nodes' version 3 for WMS Platform's version 1, also as an agent's tool", () => {
		expect(behaviourOf(node('wmsPlatform', 1))).toBe(3);
		expect(behaviourOf(node('wmsPlatformTool', 1))).toBe(3);
		expect(behaviourOf(node('wmsPlatform', 2))).toBe(4);
		expect(fromVersion({ getNode: () => node('wmsPlatform', 1) as never }, 3)).toBe(true);
	});
});
