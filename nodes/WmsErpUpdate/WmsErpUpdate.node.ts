import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../shared/constants';
import { resourceProperties, resourceSubtitle, routeExecution } from '../shared/router';
import { resources } from './actions';

export class WmsErpUpdate implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS ERP Update',
		name: 'wmsErpUpdate',
		icon: { light: 'file:wmsErpUpdate.svg', dark: 'file:wmsErpUpdate.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description:
			'Read the shipments, receipts and stock moves the warehouse reports, and mark them complete or failed in the ERP',
		defaults: { name: 'WMS ERP Update' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
