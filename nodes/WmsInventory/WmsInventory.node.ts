import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../shared/constants';
import { warehouseLocators } from '../shared/dropdowns/warehouse';
import {
	resourceOutputs,
	resourceProperties,
	resourceSubtitle,
	routeExecution,
} from '../shared/router';
import { resources } from './actions';

export class WmsInventory implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Inventory',
		name: 'wmsInventory',
		icon: { light: 'file:wmsInventory.svg', dark: 'file:wmsInventory.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description:
			'Send inventory items, stocking factors, warehouse info and dangerous goods classifications to the warehouse platform',
		defaults: { name: 'WMS Inventory' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Reads by key, from version 2: Found and Not Found; bulk writes with Output → Failures and a
		// Summary (a file's default): Not Stored and Summary; every other operation: one output.
		outputs: resourceOutputs(resources),
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	methods = { listSearch: warehouseLocators };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
