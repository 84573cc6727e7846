/** Types of variants.js for the test that checks the committed descriptions of the shapes. */
export function variantFiles(contract?: string): Record<string, string>;
export function staleFiles(folder: string, files: Record<string, string>): string[];
/** The command line: answers the exit code. */
export function main(argv: string[]): number;
export const DEFAULTS: { contract: string; out: string };
export const VARIANTS: { shape: string; name: string }[];
