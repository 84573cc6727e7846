import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialTest } from '../../credentials/credentialTest';
import { PollsInProcess } from './inProcess';
import { LEDGER_CAPACITY } from './ledger';
import { pollErpUpdates } from './poll';

/** The kinds in the warehouse's words, the platform's beside them (what its own screens show). */
const KIND_NAMES = [
	{
		name: 'Shipments (Outgoing Consignments)',
		short: 'Shipments',
		value: 'outgoing_consignment',
		description: 'Completed shipments of sales orders',
	},
	{
		name: 'Receipts (Incoming Consignments)',
		short: 'Receipts',
		value: 'incoming_consignment',
		description: 'Completed receipts against purchase orders',
	},
	{
		name: 'Stock Moves (Move Attempts)',
		short: 'Stock Moves',
		value: 'move_attempt',
		description: 'Inventory movements and adjustments, among them those a reconciliation made',
	},
];

/** The canvas subtitle: the watched kinds in the warehouse's words. */
const kindsSubtitle = `={{ ($parameter["updateKinds"] || []).map((kind) => (${JSON.stringify(Object.fromEntries(KIND_NAMES.map((k) => [k.value, k.short])))})[kind] || kind).join(", ") }}`;

export interface ErpUpdateTriggerOptions {
	/** Most emitted, still pending updates the trigger remembers; then new ones wait (backpressure). */
	ledgerCapacity?: number;
}

export class WmsErpUpdateTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'WMS ERP Update Trigger',
		name: 'wmsErpUpdateTrigger',
		icon: { light: 'file:wmsErpUpdateTrigger.svg', dark: 'file:wmsErpUpdateTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: kindsSubtitle,
		// n8n's nodes panel shows WMS ERP Update and this trigger as one entry, with this description.
		description:
			'Starts the workflow with each shipment, receipt or stock move the ERP has not booked yet; the WMS ERP Update node marks each one complete or failed',
		defaults: { name: 'WMS ERP Update Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'wmsIntegrationApi', required: true, testedBy: 'wmsIntegrationApiTest' }],
		properties: [
			{
				displayName:
					'Each pending update is emitted once, then again only if it is still pending after "Redeliver After". Mark each one complete (or error) with the WMS ERP Update node at the end of the workflow.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Update Kinds to Watch',
				name: 'updateKinds',
				type: 'multiOptions',
				required: true,
				options: KIND_NAMES.map(({ name, value, description }) => ({ name, value, description })),
				default: ['outgoing_consignment', 'incoming_consignment', 'move_attempt'],
				description:
					'Which updates start the workflow. Each item carries its kind and update ID at the top level, to route with a Switch node.',
			},
			{
				displayName: 'Redeliver After (Minutes)',
				name: 'redeliverAfterMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description:
					'An emitted update that is still pending this long after (the workflow failed or did not mark it) is emitted again. Make it longer than a workflow run takes.',
			},
			{
				displayName: 'Max Updates per Poll',
				name: 'maxUpdatesPerPoll',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 500,
				description:
					'Most updates one poll emits; a larger backlog (e.g. on first activation) is delivered over the next polls, oldest first',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Acknowledge on Emit',
						name: 'acknowledgeOnEmit',
						type: 'boolean',
						default: false,
						description:
							'Whether to mark each update complete on the platform as it is emitted, so no later step needs to. At most once: if the workflow then fails, the update is NOT delivered again.',
					},
					{
						displayName: 'Marked State',
						name: 'markedState',
						type: 'string',
						default: '',
						placeholder: 'e.g. DONE',
						description:
							"With Acknowledge on Emit: the word the platform answers with once an update is complete. Leave empty to take it from the platform's description (complete on the built-in one); needed only where the description does not tell.",
					},
					{
						displayName: 'Pending State',
						name: 'pendingState',
						type: 'string',
						default: '',
						placeholder: 'e.g. NEW',
						description:
							"The platform's word for an update the ERP has not marked yet. Leave empty to take it from the platform's description (pending on the built-in one); needed only where the description does not tell.",
					},
				],
			},
		],
	};

	methods = { credentialTest };

	readonly poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/** n8n creates one per process: its polls share what they know in this process (see inProcess.ts). */
	constructor({ ledgerCapacity = LEDGER_CAPACITY }: ErpUpdateTriggerOptions = {}) {
		const inProcess = new PollsInProcess();
		this.poll = async function (this: IPollFunctions) {
			return await pollErpUpdates.call(this, inProcess, ledgerCapacity);
		};
	}
}
