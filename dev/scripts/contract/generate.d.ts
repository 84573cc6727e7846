/** Types of generate.js for the tests that run the generator. */
import type { ContractField, RouteInfo } from '../../../nodes/shared/platform/types';

export type GeneratedRoute = RouteInfo & { body: ContractField[] };

export interface Generated {
	routes: Record<string, GeneratedRoute>;
	/** Each route's area: the first of its tags, or "other". */
	areas: Record<string, string>;
	/** What the overlay got wrong: unknown annotations, entries that match nothing. */
	problems: string[];
}

/* eslint-disable @typescript-eslint/no-explicit-any */
export function generate(contract: any, overlay?: any): Generated;
export function generateFiles(files?: { contract?: string; overlay?: string }): Generated & { files: Record<string, string> };
export function writeFiles(folder: string, files: Record<string, string>): string[];
export function staleFiles(folder: string, files: Record<string, string>): string[];
/** The command line: answers the exit code. */
export function main(argv: string[]): number;
export function render(generated: Generated, sources: string[]): Record<string, string>;
export function labelOf(name: string): string;
export function optionNameOf(value: string): string;
export const DEFAULTS: { contract: string; overlay: string; out: string };
export const MAX_LINES: number;
