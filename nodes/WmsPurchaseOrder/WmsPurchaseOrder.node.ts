import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../shared/constants';
import { partnerLocators } from '../shared/dropdowns/partners';
import { warehouseLocators } from '../shared/dropdowns/warehouse';
import {
	resourceOutputs,
	resourceProperties,
	resourceSubtitle,
	routeExecution,
} from '../shared/router';
import { resources } from './actions';

export class WmsPurchaseOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Purchase Order',
		name: 'wmsPurchaseOrder',
		icon: { light: 'file:wmsPurchaseOrder.svg', dark: 'file:wmsPurchaseOrder.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description: 'Import purchase orders into the warehouse platform and follow their receipts',
		defaults: { name: 'WMS Purchase Order' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Reads by key, from version 2: Found and Not Found; bulk writes with Output → Failures and a
		// Summary (a file's default): Not Stored and Summary; every other operation: one output.
		outputs: resourceOutputs(resources),
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	methods = { listSearch: { ...partnerLocators, ...warehouseLocators } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
