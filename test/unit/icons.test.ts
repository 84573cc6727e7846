/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The nodes are told apart on the canvas and in the panel by their icons, not by a two-letter badge:
 * every node has a light and a dark icon of its own, drawn without text; an action node and its
 * trigger share one (n8n shows them as one entry).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { ALL_NODE_TYPES } from '../support/nodeTypes';

const root = join(__dirname, '..', '..', 'nodes');

const icons = ALL_NODE_TYPES.map((type) => {
	const description = type.description as INodeTypeDescription;
	const { light, dark } = description.icon as { light: string; dark: string };
	const folder = description.name.replace(/^./, (c) => c.toUpperCase());
	const read = (file: string) =>
		readFileSync(join(root, folder, file.replace(/^file:/, '')), 'utf8');
	return { name: description.name, light: read(light), dark: read(dark) };
});

describe('node icons', () => {
	it('every node has a light and a dark icon, drawn without text', () => {
		expect(icons).toHaveLength(ALL_NODE_TYPES.length);
		for (const icon of icons) {
			expect(icon.light).not.toMatch(/<text/);
			expect(icon.dark).not.toMatch(/<text/);
			expect(icon.dark).not.toBe(icon.light);
		}
	});

	it('no two nodes share a picture, except an action node and its trigger', () => {
		const base = (name: string) => name.replace(/Trigger$/, '');
		// The picture alone: without its colours, and without any badge of letters.
		const drawing = (svg: string) =>
			svg.replace(/<text[\s\S]*?<\/text>/g, '').replace(/(fill|stroke)="#[0-9A-Fa-f]{3,6}"/g, '');
		for (const one of icons) {
			for (const other of icons) {
				if (one === other || base(one.name) === base(other.name)) continue;
				expect(`${one.name}: ${drawing(one.light)}`).not.toBe(
					`${one.name}: ${drawing(other.light)}`,
				);
			}
		}
	});
});
