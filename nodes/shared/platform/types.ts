/** The shapes of the data generated from contract/openapi.yaml (see generated.ts). */
import type { FieldSpec } from '../fields';

export type RouteKind = 'bulk' | 'read' | 'action';

export interface RouteInfo {
	/** bulk: records under "items"; read: filtered and paged; action: anything else. */
	kind: RouteKind;
	/** Most records per request (x-max-items, else the items list's maxItems). */
	maxItems?: number;
	/** Repeating the same request leaves the platform as one request would (x-idempotent, else reads and natural-key upserts). */
	idempotent: boolean;
	/** The fields that identify a record (x-natural-key). */
	naturalKey?: string[];
	/**
	 * The row fields whose values, joined with "|", make the `key` a bulk result reports: the natural
	 * key, absent where the platform reports a key of its own making (x-result-key: assigned).
	 */
	resultKey?: string[];
	/** What one record of the route is called, in the warehouse's words. */
	noun?: string;
}

/** A field as the contract and its overlay describe it: a FieldSpec, plus the list limit the contract states. */
export interface ContractField extends FieldSpec {
	/** Largest number of entries of a list. */
	maxItems?: number;
	fields?: ContractField[];
}
