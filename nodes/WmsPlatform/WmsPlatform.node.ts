import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	resourceOutputs,
	resourceProperties,
	resourceSubtitle,
	routeExecution,
} from '../shared/router';
import { resources } from './actions';
import { methods } from './methods';

export class WmsPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS Platform',
		name: 'wmsPlatform',
		icon: { light: 'file:wmsPlatform.svg', dark: 'file:wmsPlatform.dark.svg' },
		group: ['transform'],
		// Version 2 (the area nodes' behaviour 4, nodes/shared/version.ts): Compare With Built-In counts every method's routes.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: resourceSubtitle(resources),
		description:
			"Call any route of the platform's description with the package's checks, batches and paging, and see what the platform's description changes",
		defaults: { name: 'WMS Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// Call a Route: one output; Compare With Built-In: Summary and Differences.
		outputs: resourceOutputs(resources),
		credentials: [{ name: 'wmsIntegrationApi', required: true, testedBy: 'wmsIntegrationApiTest' }],
		properties: resourceProperties(resources),
	};

	methods = methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeExecution.call(this, resources);
	}
}
