/**
 * Compare With Built-In: what the platform's own description changes for the package, shown in the
 * editor (n8n's credential test says only that the connection works). One Summary item says it in
 * words with the counts; the Differences output has one item per difference — moved and missing
 * routes, what changed on a route, what the package could not take from the description, the
 * routes no node covers — so a person reads them as a table.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Operation } from '../../../shared/operations';
import { BUILT_IN, describedAs } from '../../../shared/platform';
import { differences, differencesInWords, type Kind } from '../../../shared/platform/differences';
import type { ExecuteSession } from '../../../shared/session';
import { fromVersion } from '../../../shared/version';

/** The operation's outputs, in this order. */
export const COMPARE_OUTPUTS = ['Summary', 'Differences'];

type Said = Kind | 'moved' | 'missing' | 'not_taken' | 'no_node_covers';

const ORDER: Said[] = [
	'moved',
	'missing',
	'breaking',
	'changed',
	'additive',
	'not_taken',
	'no_node_covers',
];

const SOURCE: Record<string, string> = {
	builtIn: 'built_in',
	platform: 'from_the_platform',
	pasted: 'pasted',
};

/**
 * The routes a node version counts: version 1 was made when only POST routes were read, and a saved
 * workflow keeps what it output; version 2 counts every method ("GET /orders/{id}").
 */
function countedBy(session: ExecuteSession): (route: string) => boolean {
	return fromVersion(session.ctx, 4) ? () => true : (route) => route.startsWith('/');
}

/** Every difference as one row: the route it is about, its kind, and what it says. */
function rows(session: ExecuteSession): Array<{ route: string; kind: Said; message: string }> {
	const counted = countedBy(session);
	const found = differences(BUILT_IN, session.platform, counted);
	const out: Array<{ route: string; kind: Said; message: string }> = [
		...found.moved.map(({ from, to }) => ({
			route: from,
			kind: 'moved' as const,
			message: `${from} is at ${to}: the nodes follow it there`,
		})),
		...found.missing.map((route) => ({
			route,
			kind: 'missing' as const,
			message: `${route} is not in the platform's description: the operations that use it stop naming it`,
		})),
		...found.changes.map(({ route, kind, text }) => ({ route, kind, message: `${route} ${text}` })),
		...session.notes
			.filter((note) => !note.route || counted(note.route))
			.map((note) => ({
				route: note.route ?? '',
				kind: 'not_taken' as const,
				message: note.words,
			})),
		...found.unnamed.map((route) => ({
			route,
			kind: 'no_node_covers' as const,
			message: `No node of the package covers ${route}: WMS Platform → Call a Route reaches it`,
		})),
	];
	return out.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}

function summary(session: ExecuteSession, said: ReturnType<typeof rows>): IDataObject {
	const { platform, stale } = session;
	const { source } = platform;
	const count = (kind: Said) => said.filter((row) => row.kind === kind).length;
	const counted = countedBy(session);
	const counts = {
		routes: platform.routes().filter(counted).length,
		breaking: count('breaking'),
		changed: count('changed'),
		additive: count('additive'),
		moved: count('moved'),
		missing: count('missing'),
		not_taken: count('not_taken'),
		no_node_covers: count('no_node_covers'),
	};
	const message = platform.builtIn
		? `The credential uses the built-in description (${counts.routes} routes): there is nothing to compare. To see what the platform's own description changes, set the credential's API Description to From the Platform or Pasted.`
		: differencesInWords(describedAs(source), differences(BUILT_IN, platform, counted));
	const differs = said.some((row) => row.kind !== 'no_node_covers');
	return {
		outcome: platform.builtIn ? 'built_in' : differs ? 'differs' : 'agrees',
		message,
		description: [source.title, source.version].filter(Boolean).join(' '),
		source: SOURCE[source.kind],
		...(source.url ? { url: source.url } : {}),
		...counts,
		...(stale ? { stale } : {}),
	};
}

export const compare: Operation = {
	value: 'compare',
	name: 'Compare With Built-In',
	action: 'Compare with the built-in description',
	description:
		"What the platform's own description (the credential's) changes for the package: a summary in words, and each difference on the Differences output. Needs the credential only.",
	outputs: { names: COMPARE_OUTPUTS },
	properties: [],
	async execute(session): Promise<INodeExecutionData[][]> {
		const said = rows(session);
		const pairedItem = { item: 0 };
		return [
			[{ json: summary(session, said), pairedItem }],
			said.map((row) => ({ json: { ...row }, pairedItem })),
		];
	},
};
