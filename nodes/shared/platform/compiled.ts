/**
 * A platform's own description made into what a run knows (a Platform): compiled with the overlay
 * the forms use (a field named as ours keeps its label and picker), with the built-in key where
 * the description names none and the built-in one's fields are all there, and with each route the
 * nodes name found where it is — at its path, or moved (the same operationId at another path).
 * A document is compiled once per process (by its text's hash) and reused.
 */
import { OPERATION_IDS } from './generated/operationIds';
import { OVERLAY } from './generated/overlay';
import { compileDescription, type Compiled } from './description/compile';
import { hashOf } from './description/hash';
import type { Note } from './description/problems';
import { readDescription } from './description/read';
import { BUILT_IN } from './index';
import { Platform, type DescriptionSource } from './platform';
import type { ContractField, RouteInfo } from './types';

/** What the package could not take from a platform's description, in words (a compiled Platform carries them). */
export type PlatformNotes = Note[];

/** Documents kept compiled at once in one process: a few credentials' platforms. */
const KEPT = 8;
const compiled = new Map<string, { platform: Platform; notes: PlatformNotes }>();

/** The built-in route at `path`, or the one the same operationId names, where `has` holds for it. */
function builtInRoute(
	path: string,
	operationId: string | undefined,
	has: (route: RouteInfo) => boolean,
): RouteInfo | undefined {
	if (BUILT_IN.has(path) && has(BUILT_IN.route(path))) return BUILT_IN.route(path);
	const named = Object.keys(OPERATION_IDS).find((route) => OPERATION_IDS[route] === operationId);
	return named ? BUILT_IN.route(named) : undefined;
}

/** The built-in key of the route at `path` (or of the one the same operationId names). */
function knownKey(path: string, operationId: string | undefined): string[] | undefined {
	return builtInRoute(path, operationId, (route) => route.naturalKey !== undefined)?.naturalKey;
}

/** Whether the built-in description reads records at `path` (or the route the same operationId names). */
function knownRead(path: string, operationId: string | undefined): boolean {
	return builtInRoute(path, operationId, (route) => route.kind === 'read')?.kind === 'read';
}

/** Routes the built-in description names that this one has under another path, found by their operationId. */
function movedRoutes(description: Compiled): Record<string, string> {
	const moved: Record<string, string> = {};
	for (const [route, operationId] of Object.entries(OPERATION_IDS)) {
		if (route in description.routes) continue;
		const at = Object.keys(description.operationIds).find(
			(path) => description.operationIds[path] === operationId && !BUILT_IN.has(path),
		);
		if (at) moved[route] = at;
	}
	return moved;
}

/** A description's text as a Platform, and what could not be taken from it; throws DescriptionProblem when it cannot be used. */
export function platformFromText(
	text: string,
	source: Omit<DescriptionSource, 'hash' | 'title' | 'version'>,
): { platform: Platform; notes: PlatformNotes } {
	const hash = hashOf(text);
	const key = `${source.kind}|${source.url ?? ''}|${hash}`;
	const kept = compiled.get(key);
	if (kept) {
		// Most recently used last: the first is the one to drop.
		compiled.delete(key);
		compiled.set(key, kept);
		return kept;
	}
	const description = compileDescription(readDescription(text), {
		overlay: OVERLAY,
		knownKey,
		knownRead,
	});
	const routes: Record<string, RouteInfo> = {};
	const requests: Record<string, ContractField[]> = {};
	for (const [path, { body, ...info }] of Object.entries(description.routes)) {
		routes[path] = info;
		requests[path] = body;
	}
	const platform = new Platform(
		{ routes, requests, moved: movedRoutes(description) },
		{ ...source, ...description.info, hash },
	);
	const made = {
		platform,
		notes: [...description.notes, ...description.problems.map((words) => ({ words }))],
	};
	compiled.set(key, made);
	if (compiled.size > KEPT) compiled.delete(compiled.keys().next().value!);
	return made;
}
