/** The state machines the contract documents, in one place: handlers and work obey them. */
import { ApiError } from './errors';
import type { Kind } from './store';

export const MACHINES = {
	sales_order: {
		label: 'sales order',
		initial: 'open',
		moves: {
			open: ['allocated', 'cancelled'],
			allocated: ['picking', 'cancelled'],
			picking: ['shipped'],
			shipped: [],
			cancelled: [],
		},
	},
	purchase_order: {
		label: 'purchase order',
		initial: 'open',
		moves: {
			open: ['partially_received', 'received', 'cancelled'],
			partially_received: ['partially_received', 'received'],
			received: [],
			cancelled: [],
		},
	},
	production_order: {
		label: 'production order',
		initial: 'planned',
		moves: {
			planned: ['released', 'cancelled'],
			released: ['in_progress', 'cancelled'],
			in_progress: ['completed'],
			completed: [],
			cancelled: [],
		},
	},
	comparison: {
		label: 'comparison',
		initial: 'open',
		moves: {
			open: ['loading', 'compared'],
			loading: ['loading', 'compared'],
			compared: ['compared', 'adjusting', 'processed', 'completed'],
			adjusting: ['adjusting', 'processed'],
			processed: ['completed'],
			completed: [],
		},
	},
	erp_update: {
		label: 'erp update',
		initial: 'pending',
		moves: { pending: ['complete', 'error'], error: ['complete', 'error'], complete: [] },
	},
} as const satisfies Partial<
	Record<Kind, { label: string; initial: string; moves: Record<string, readonly string[]> }>
>;

export type MachineKind = keyof typeof MACHINES;

export function isMachine(kind: string): kind is MachineKind {
	return kind in MACHINES;
}

export function states(kind: MachineKind): string[] {
	return Object.keys(MACHINES[kind].moves);
}

export function canMove(kind: MachineKind, from: string, to: string): boolean {
	const moves = MACHINES[kind].moves as Record<string, readonly string[]>;
	return (moves[from] ?? []).includes(to);
}

/** The 409 every forbidden change answers: it names the record and the state it is in. */
export function stateError(
	kind: MachineKind,
	key: string,
	state: string,
	action: string,
	path?: string,
): ApiError {
	const message = `${MACHINES[kind].label} ${key} is in state ${state}; cannot ${action}`;
	return new ApiError(
		409,
		'state_conflict',
		message,
		path === undefined ? undefined : [{ path, message }],
	);
}

export function stateMessage(
	kind: MachineKind,
	key: string,
	state: string,
	action: string,
): string {
	return `${MACHINES[kind].label} ${key} is in state ${state}; cannot ${action}`;
}
