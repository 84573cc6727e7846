/**
 * The overlay: how the forms present a description (labels, descriptions, pickers, hints in
 * words), which OpenAPI has no word for. Ours (contract/overlay.yaml) applies to the built-in
 * description and, by field name, to a platform's own: a field the platform names as we do keeps
 * its label and its picker.
 */
import { isObject, own, type Schema } from './refs';

/** What the overlay may say of a field. */
export interface Said {
	label?: string;
	description?: string;
	placeholder?: string;
	patternHint?: string;
	dropdown?: string;
	dropdownDependsOn?: string[];
	default?: string | number | boolean;
	optionNames?: Record<string, string>;
	hidden?: boolean;
}

/** An annotation: each of what it may say, or null to unsay what a broader level said. */
export type Annotation = { [K in keyof Said]?: Said[K] | null };

export interface RouteOverlay {
	noun?: string;
	record?: Record<string, Annotation>;
	filter?: Record<string, Annotation>;
	body?: Record<string, Annotation>;
}

export interface Overlay {
	fields?: Record<string, Annotation>;
	schemas?: Record<string, Annotation>;
	routes?: Record<string, RouteOverlay>;
}

export type Section = 'record' | 'filter' | 'body';

/** Where a field is: its route, the part of the request, its dotted path from there. */
export interface Scope {
	route: string;
	section: Section;
	path: string;
}

const ANNOTATIONS = [
	'label',
	'description',
	'placeholder',
	'patternHint',
	'dropdown',
	'dropdownDependsOn',
	'default',
	'optionNames',
	'hidden',
];
const ROUTE_KEYS = ['noun', 'record', 'filter', 'body'];
const SECTIONS: Section[] = ['record', 'filter', 'body'];

/** An entry of a map read as the map's own (a field named "constructor" is a field). */
function entry<T>(map: Record<string, T> | undefined, key: string): T | undefined {
	return map && isObject(map as unknown) ? (own(map as Schema, key) as T | undefined) : undefined;
}

export class OverlayReader {
	/** The overlay entries some field used (for the check that every entry matches one). */
	readonly used = new Set<string>();

	constructor(readonly overlay: Overlay = {}) {}

	/** Problems with the overlay itself: unknown keys are typos, and a typo would silently change nothing. */
	problems(): string[] {
		const problems: string[] = [];
		const {
			fields = {},
			schemas = {},
			routes = {},
			...rest
		} = this.overlay as Overlay & Record<string, unknown>;
		for (const key of Object.keys(rest))
			problems.push(`overlay: unknown section "${key}" (known: fields, schemas, routes)`);
		const checkAnnotation = (where: string, annotation: unknown) => {
			if (!isObject(annotation)) {
				problems.push(`${where}: must be a map of annotations`);
				return;
			}
			for (const key of Object.keys(annotation))
				if (!ANNOTATIONS.includes(key))
					problems.push(`${where}: unknown annotation "${key}" (known: ${ANNOTATIONS.join(', ')})`);
		};
		for (const [name, annotation] of Object.entries(fields))
			checkAnnotation(`overlay fields.${name}`, annotation);
		for (const [name, annotation] of Object.entries(schemas))
			checkAnnotation(`overlay schemas.${name}`, annotation);
		for (const [path, route] of Object.entries(routes)) {
			for (const key of Object.keys(route ?? {}))
				if (!ROUTE_KEYS.includes(key))
					problems.push(
						`overlay routes.${path}: unknown key "${key}" (known: ${ROUTE_KEYS.join(', ')})`,
					);
			for (const section of SECTIONS)
				for (const [field, annotation] of Object.entries(route?.[section] ?? {}))
					checkAnnotation(`overlay routes.${path}.${section}.${field}`, annotation);
		}
		return problems;
	}

	/** The overlay's word on a route as a whole (its records' noun). */
	route(path: string): RouteOverlay | undefined {
		const route = entry(this.overlay.routes, path);
		if (route) this.used.add(`routes.${path}`);
		return route;
	}

	/**
	 * The overlay's word on one field: by name, then by the components its value is (a list's
	 * entries first, then the list), then on this route. The most specific wins; null unsays.
	 */
	annotationFor(name: string, components: string[], scope?: Scope): Annotation {
		const merged: Record<string, unknown> = {};
		const take = (key: string, annotation: Annotation | undefined) => {
			if (!isObject(annotation)) return;
			this.used.add(key);
			Object.assign(merged, annotation);
		};
		take(`fields.${name}`, entry(this.overlay.fields, name));
		for (const component of components)
			take(`schemas.${component}`, entry(this.overlay.schemas, component));
		if (scope) {
			const section = entry(this.overlay.routes, scope.route)?.[scope.section];
			take(`routes.${scope.route}.${scope.section}.${scope.path}`, entry(section, scope.path));
		}
		return merged as Annotation;
	}

	/** Entries that matched no field: reported for our own overlay and contract, where they are typos. */
	unmatched(routes: Record<string, unknown>): string[] {
		const problems: string[] = [];
		for (const [path, route] of Object.entries(this.overlay.routes ?? {})) {
			if (!(path in routes))
				problems.push(`overlay routes.${path}: the contract has no such route`);
			for (const section of SECTIONS)
				for (const field of Object.keys(route?.[section] ?? {}))
					if (!this.used.has(`routes.${path}.${section}.${field}`))
						problems.push(
							`overlay routes.${path}.${section}.${field}: the route has no such field (or it is read-only)`,
						);
		}
		for (const section of ['fields', 'schemas'] as const)
			for (const name of Object.keys(this.overlay[section] ?? {}))
				if (!this.used.has(`${section}.${name}`))
					problems.push(`overlay ${section}.${name}: matches no field of any route`);
		return problems;
	}
}
