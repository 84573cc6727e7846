/**
 * One way to turn what happened to each input item into the node's output: results and errors
 * come out in input order, each paired to the input items it stands for (an order grouped from
 * several items pairs to all of them). Under continue-on-fail a failure is an error item; otherwise
 * the first failure stops the node, naming its item.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RowOutcome } from './bulk/outcomes';
import { redact } from './transport/errors';

/** A checked record and the input items it came from. */
export interface ItemRecord {
	itemIndexes: number[];
	record: IDataObject;
}

type Items = number | number[];

const list = (items: Items): number[] => (typeof items === 'number' ? [items] : items);

function pairs(itemIndexes: number[]): INodeExecutionData['pairedItem'] {
	return itemIndexes.length === 1 ? { item: itemIndexes[0] } : itemIndexes.map((item) => ({ item }));
}

/**
 * The item n8n routes to the node's error output (or keeps in the main output under
 * "Continue"). Only `error`, `message` and `details` in json, which is what n8n's error-output
 * routing recognises. The error object itself is not attached: n8n then rewrites the json to its
 * message alone, and the details (the route, the platform's request ID) would never reach the user.
 */
function errorItem(itemIndexes: number[], error: NodeApiError | NodeOperationError): INodeExecutionData {
	const json: IDataObject = { error: redact(error.message) };
	if (error.description) json.details = redact(error.description);
	return { json, pairedItem: pairs(itemIndexes) };
}

/** Any failure as the n8n error that names the input items it stands for. */
function errorFor(ctx: IExecuteFunctions, error: unknown, itemIndexes: number[]): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	if (error instanceof NodeApiError) {
		// A platform error does not know which input items it is about: it learns here, once.
		if (!/^Items? \d/.test(error.message)) {
			error.message = `${itemIndexes.length > 1 ? 'Items' : 'Item'} ${itemIndexes.join(', ')}: ${error.message}`;
			error.context.itemIndex = itemIndexes[0];
		}
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: itemIndexes[0] });
}

export class Output {
	private readonly entries: Array<{ first: number; item: INodeExecutionData }> = [];

	constructor(private readonly ctx: IExecuteFunctions) {}

	/** The result (or results) of the input items `from` stands for. */
	add(from: Items, json: IDataObject | IDataObject[]): void {
		const itemIndexes = list(from);
		if (!Array.isArray(json)) this.entries.push({ first: itemIndexes[0], item: { json, pairedItem: pairs(itemIndexes) } });
		else for (const one of json) this.entries.push({ first: itemIndexes[0], item: { json: one, pairedItem: pairs(itemIndexes) } });
	}

	/** A failure of the input items `from` stands for: its error item under continue-on-fail, else the node stops with it. */
	fail(from: Items, error: unknown): void {
		const itemIndexes = list(from);
		const nodeError = errorFor(this.ctx, error, itemIndexes);
		if (!this.ctx.continueOnFail()) throw nodeError;
		this.entries.push({ first: itemIndexes[0], item: errorItem(itemIndexes, nodeError) });
	}

	/**
	 * Runs `read` for every input item before anything is sent: an item that cannot be read (bad
	 * input) becomes its error, or stops the node with nothing sent. Answers what was read.
	 */
	readEach<T>(count: number, read: (itemIndex: number) => T): T[] {
		const values: T[] = [];
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			try {
				values.push(read(itemIndex));
			} catch (error) {
				this.fail(itemIndex, error);
			}
		}
		return values;
	}

	/** Runs `work` for one input item after another; its answer is the item's output, its failure the item's error. */
	async eachItem(count: number, work: (itemIndex: number) => Promise<IDataObject | IDataObject[]>): Promise<void> {
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			try {
				this.add(itemIndex, await work(itemIndex));
			} catch (error) {
				this.fail(itemIndex, error);
			}
		}
	}

	/**
	 * The outcomes of a bulk write of `rows`, one per row. Without continue-on-fail the first row
	 * not stored (in input order) stops the node, saying how many were confirmed as stored.
	 */
	addOutcomes(rows: ItemRecord[], outcomes: RowOutcome[]): void {
		if (!this.ctx.continueOnFail()) {
			let first = -1;
			for (let k = 0; k < rows.length; k++) {
				if (outcomes[k].kind !== 'stored' && (first === -1 || rows[k].itemIndexes[0] < rows[first].itemIndexes[0])) first = k;
			}
			const failed = outcomes[first];
			if (failed && failed.kind !== 'stored') {
				const stored = outcomes.filter((outcome) => outcome.kind === 'stored').length;
				failed.error.description = `${failed.error.description ?? ''}. ${stored} of ${outcomes.length} records were confirmed as stored; turn on "On Error → Continue (using error output)" to get every row's result.`;
				this.fail(rows[first].itemIndexes, failed.error);
			}
		}
		rows.forEach((row, k) => {
			const outcome = outcomes[k];
			if (outcome.kind === 'stored') this.add(row.itemIndexes, outcome.result);
			else this.fail(row.itemIndexes, outcome.error);
		});
	}

	/** Everything added, in input order (items of one input item in the order they came). */
	items(): INodeExecutionData[] {
		// Array.prototype.sort is stable: what one input item gave keeps its order.
		return this.entries.sort((a, b) => a.first - b.first).map((entry) => entry.item);
	}
}
