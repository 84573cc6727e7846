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

export class WmsWarehouseStructure implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Warehouse Structure',
		name: 'wmsWarehouseStructure',
		icon: { light: 'file:wmsWarehouseStructure.svg', dark: 'file:wmsWarehouseStructure.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description:
			"Set up the ERP's warehouses, areas, zones and bins on the warehouse platform, and read the structure back",
		defaults: { name: 'WMS Warehouse Structure' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// With Output → Failures and a Summary (a file's default): Not Stored and Summary.
		outputs: resourceOutputs(resources),
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	methods = { listSearch: warehouseLocators };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
