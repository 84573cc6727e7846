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

export class WmsInventoryReconciliation implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Inventory Reconciliation',
		name: 'wmsInventoryReconciliation',
		icon: {
			light: 'file:wmsInventoryReconciliation.svg',
			dark: 'file:wmsInventoryReconciliation.dark.svg',
		},
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description:
			'Compare ERP stock with the warehouse platform, report the variance and adjust the small differences',
		defaults: { name: 'WMS Inventory Reconciliation' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Reconcile: Discrepancies and Summary; every other operation: one output.
		outputs: resourceOutputs(resources),
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	methods = { listSearch: { getWarehouses: warehouseLocators.getWarehouses } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
