import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../shared/constants';
import {
	resourceOutputs,
	resourceProperties,
	resourceSubtitle,
	routeExecution,
} from '../shared/router';
import { resources } from './actions';

export class WmsDangerousGoods implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Dangerous Goods',
		name: 'wmsDangerousGoods',
		icon: { light: 'file:wmsDangerousGoods.svg', dark: 'file:wmsDangerousGoods.dark.svg' },
		group: ['transform'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: resourceSubtitle(resources),
		description:
			"Keep the warehouse platform's UN number classifications (dangerous goods lookups) in line with the ERP",
		defaults: { name: 'WMS Dangerous Goods' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Reads by key, from version 2: Found and Not Found; bulk writes with Output → Failures and a
		// Summary (a file's default): Not Stored and Summary; every other operation: one output.
		outputs: resourceOutputs(resources),
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: resourceProperties(resources),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
