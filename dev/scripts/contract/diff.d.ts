/** Types of diff.js for the test that holds its report. */
export type ChangeKind = 'breaking' | 'additive' | 'changed';

export interface Report {
	ours: { title?: string; version?: string; routes: number };
	theirs: { title?: string; version?: string; routes: number };
	routes: Array<{ path: string; noun?: string; movedFrom?: string; changes: Array<{ kind: ChangeKind; text: string }> }>;
	moved: Array<{ from: string; to: string }>;
	added: string[];
	removed: string[];
	kept: Array<{ path: string; key: string; value: unknown }>;
	overlay: string[];
	/* eslint-disable-next-line @typescript-eslint/no-explicit-any */
	adopted: any;
}

/* eslint-disable-next-line @typescript-eslint/no-explicit-any */
export function compare(ours: any, theirs: any, overlay?: any): Report;
export function renderReport(report: Report, names?: { ours: string; theirs: string }): string;
export function similarity(a: string, b: string): number;
