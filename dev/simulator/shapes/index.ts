/** The shapes the simulator can take: ours (the contract as it is) or another vendor's. */
import { acme } from './acme';
import { globex } from './globex';
import { initech } from './initech';
import { transform } from './transform';
import type { Json, ShapeSpec } from './types';

export const SHAPES: Record<string, ShapeSpec> = { acme, globex, initech };
export type ShapeName = 'ours' | keyof typeof SHAPES;

export function shapeSpec(name: string): ShapeSpec | undefined {
	if (name === 'ours') return undefined;
	const spec = SHAPES[name];
	if (!spec)
		throw new Error(`unknown shape ${name}; known: ours, ${Object.keys(SHAPES).join(', ')}`);
	return spec;
}

/** The document a shape serves, written from ours (ours itself for 'ours'). */
export function shapeDocument(name: string, ours: Json): Json {
	const spec = shapeSpec(name);
	return spec ? transform(spec, ours) : ours;
}
