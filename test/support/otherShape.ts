/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * The same workflows against the built-in description (our simulator) and against a platform of
 * another shape, Acme WMS 2.4.0, whose description the credential reads From the Platform (JSON or
 * YAML at its URL) or has Pasted (the committed fixtures, the bytes the simulator serves). A case
 * says how records are named on its platform, so one test body serves every case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../dev/simulator';
import { harnessFor, type Harness, type NodeUnderTest } from './harness';

/** Acme's description as committed (what the simulator serves, byte for byte). */
export const fixture = (ext: 'json' | 'yaml') =>
	readFileSync(join(__dirname, '..', 'fixtures', `acme-wms-2.4.0.${ext}`), 'utf8');

export interface Case {
	name: string;
	shape: 'ours' | 'acme';
	/** The credential's description fields. */
	credential: ICredentialDataDecryptedObject;
	/** The path the credential reads the description from, when it reads it from the platform. */
	read?: '/openapi.json' | '/openapi.yaml';
	/** The inventory item's key on this platform. */
	itemKey: 'sku' | 'item_number';
	/** The most inventory items one request takes. */
	itemsPerRequest: number;
	/** The most records one page of a read gives. */
	pageSize: number;
	/** An inventory item in this platform's names. */
	item(key: string, extra?: IDataObject): IDataObject;
	/** A field this platform requires of an inventory item that the other one does not know. */
	ownRequired: string;
	/** The other platform's required field this one does not know. */
	otherRequired: string;
	/** A text field of an inventory item with a length limit on this platform. */
	tooLong: { field: string; value: string; max: number };
}

const ours: Case = {
	name: 'the built-in description (our simulator)',
	shape: 'ours',
	credential: {},
	itemKey: 'sku',
	itemsPerRequest: 1000,
	pageSize: 500,
	item: (key, extra = {}) => ({
		sku: key,
		description: `Item ${key}`,
		unit_of_measure: 'EA',
		...extra,
	}),
	ownRequired: 'sku',
	otherRequired: 'owner_code',
	tooLong: { field: 'unit_of_measure', value: 'U'.repeat(21), max: 20 },
};

const acme = (name: string, credential: ICredentialDataDecryptedObject, read?: Case['read']) => ({
	name,
	shape: 'acme' as const,
	credential,
	read,
	itemKey: 'item_number' as const,
	itemsPerRequest: 250,
	pageSize: 200,
	item: (key: string, extra: IDataObject = {}) => ({
		item_number: key,
		owner_code: 'OWNER-1',
		unit_of_measure: 'EA',
		description: `Item ${key}`,
		...extra,
	}),
	ownRequired: 'owner_code',
	otherRequired: 'sku',
	tooLong: { field: 'owner_code', value: 'O'.repeat(21), max: 20 },
});

/** Acme read From the Platform: at the JSON or the YAML address, relative to the Base URL. */
export const FROM_THE_PLATFORM: Case[] = [
	acme(
		'Acme, From the Platform (JSON)',
		{ description: 'platform', descriptionUrl: 'openapi.json' },
		'/openapi.json',
	),
	acme(
		'Acme, From the Platform (YAML)',
		{ description: 'platform', descriptionUrl: 'openapi.yaml' },
		'/openapi.yaml',
	),
];

/** Acme's description pasted into the credential, as JSON and as YAML. */
export const PASTED: Case[] = [
	acme('Acme, Pasted JSON', { description: 'pasted', descriptionText: fixture('json') }),
	acme('Acme, Pasted YAML', { description: 'pasted', descriptionText: fixture('yaml') }),
];

export const ACME: Case[] = [...FROM_THE_PLATFORM, ...PASTED];
export const EVERY_CASE: Case[] = [ours, ...ACME];

export interface OnCase {
	sim: RunningSimulator;
	harness: Harness;
}

/**
 * For each test of the enclosing describe: a fresh simulator speaking the case's shape, a harness
 * whose credential takes the case's description, and the simulator's counters at zero.
 */
export function onCase(c: Case, options: SimulatorOptions, take: (platform: OnCase) => void): void {
	let sim: RunningSimulator | undefined;
	beforeEach(async () => {
		sim = await startSimulator({ ...options, shape: c.shape });
		sim.resetStats();
		take({ sim, harness: harnessFor(sim, c.credential) });
	});
	afterEach(async () => await sim?.close());
}

/**
 * The Initech shape (its own ERP-update words) with its update states' enum as given, read by a
 * credential from the platform's own description: what a description that cannot tell a state
 * apart looks like. The caller closes the simulator.
 */
export async function initechWithStates(states: string[]): Promise<OnCase> {
	const sim = await startSimulator({ shape: 'initech' });
	sim.description.set({
		shape: 'initech',
		tweak: (doc: { components: { schemas: Record<string, IDataObject> } }) => {
			doc.components.schemas.ErpUpdateStatus.enum = states;
		},
	});
	return {
		sim,
		harness: harnessFor(sim, { description: 'platform', descriptionUrl: 'openapi.json' }),
	};
}

/** The node at version 2 (the forms and Use Each Input Item As Is), as a saved workflow holds it. */
export const v2 = (
	type: string,
	parameters: IDataObject,
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({ type, typeVersion: 2, parameters, onError });

/** Requests the simulator counted on routes that write (every /…/add, /…/set and the like, not reads or the description). */
export function writes(sim: RunningSimulator): Record<string, number> {
	return Object.fromEntries(
		Object.entries(sim.stats().requests).filter(
			([route]) =>
				!/\/check(_status)?$|^\/openapi\.|^\/oauth\/token$|^\/erp_update\/(?!set_)/.test(route),
		),
	);
}

export const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
export const keyOf = (prefix: string, i: number) => `${prefix}-${String(i).padStart(4, '0')}`;
