import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../shared/constants';
import { partnerLocators } from '../shared/dropdowns/partners';
import { courierLocators } from '../shared/dropdowns/couriers';
import { warehouseLocators } from '../shared/dropdowns/warehouse';
import {
	resourceOutputs,
	resourceProperties,
	resourceSubtitle,
	routeExecution,
} from '../shared/router';
import { resources } from './actions';

export class WmsSalesOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Sales Order',
		name: 'wmsSalesOrder',
		icon: { light: 'file:wmsSalesOrder.svg', dark: 'file:wmsSalesOrder.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description: 'Import sales orders into the warehouse platform and follow their status',
		defaults: { name: 'WMS Sales Order' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Reads by key, from version 2: Found and Not Found; bulk writes with Output → Failures and a
		// Summary (a file's default): Not Stored and Summary; every other operation: one output.
		outputs: resourceOutputs(resources),
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	methods = { listSearch: { ...partnerLocators, ...courierLocators, ...warehouseLocators } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
