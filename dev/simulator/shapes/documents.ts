/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/** Documents the simulator may serve, made and compiled once per content and reused by every simulator of a run. */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { applyPatch, type Operation } from 'fast-json-patch';
import { compileContract, type Contract } from '../contract';
import { shapeSpec } from './index';
import { Mapping } from './mapping';
import { transform } from './transform';
import type { Json } from './types';

/** A change to a document: a function that edits it (or answers a new one), or JSON Patch operations. */
export type Tweak = ((doc: Json) => Json | void) | Operation[];

/** Compiled once per document text: simulators of a test run share their validators. */
const compiled = new Map<string, Contract>();
export function compileOnce(doc: Json, where: string): Contract {
	const hash = createHash('sha256').update(JSON.stringify(doc)).digest('hex');
	let contract = compiled.get(hash);
	if (!contract) {
		contract = compileContract(doc, where);
		compiled.set(hash, contract);
	}
	return contract;
}

const mappings = new WeakMap<Json, Map<string, Mapping>>();
export function mappingOf(name: string, ours: Json): Mapping {
	if (!mappings.has(ours)) mappings.set(ours, new Map());
	const known = mappings.get(ours)!;
	if (!known.has(name)) known.set(name, new Mapping(shapeSpec(name)!, ours));
	return known.get(name)!;
}
const documents = new WeakMap<Json, Map<string, Json>>();
export function shapeDoc(name: string, ours: Json): Json {
	if (!documents.has(ours)) documents.set(ours, new Map());
	const known = documents.get(ours)!;
	if (!known.has(name)) known.set(name, transform(shapeSpec(name)!, ours));
	return known.get(name)!;
}

/** A file as a person would type it: relative inside the working folder, absolute outside. */
export const shown = (file: string) => {
	const rel = path.relative(process.cwd(), file);
	return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
};

export function tweaked(doc: Json, tweak: Tweak | undefined): Json {
	if (!tweak) return doc;
	const copy = structuredClone(doc);
	if (Array.isArray(tweak)) return applyPatch(copy, tweak, true).newDocument;
	return tweak(copy) ?? copy;
}
