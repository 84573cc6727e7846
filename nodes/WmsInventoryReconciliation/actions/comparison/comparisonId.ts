/**
 * The comparison a single operation works on: its field, and each item's id read
 * against the description in effect, which says whether the platform's ids are text or numbers.
 */
import { checkRecord, itemError } from '../../../shared/checking';
import { paramValueProblem } from '../../../shared/checking/pathValues';
import { gapError } from '../../../shared/drift';
import { requestField } from '../../../shared/platform';
import type { ExecuteSession, Session } from '../../../shared/session';

/** The comparison an operation works on; every comparison route takes it the same way. */
export const comparisonId = requestField('/comparison/complete', 'comparison_id');

/** Every comparison route takes the comparison as comparison_id: a description that names it otherwise stops the run, in words. */
export function needComparisonId(session: Session, route: string): void {
	try {
		session.platform.requestField(route, 'comparison_id');
	} catch (error) {
		throw gapError(session, error);
	}
}

/** A comparison's id as its platform types it: text, or a number where comparison_id is an integer. */
export type ComparisonId = string | number;

/**
 * Each item's checked comparison id, read against the description in effect: where it types
 * comparison_id as an integer, "1" goes as 1 (sent as text the platform knows no such comparison)
 * and an id that is no whole number is refused before sending; a text id stays text.
 */
export function comparisonIdReader(
	session: ExecuteSession,
	route: string,
): (itemIndex: number) => ComparisonId {
	const { ctx } = session;
	const field = session.platform.requestField(route, 'comparison_id');
	const numbered = field.type === 'integer' || field.type === 'number';
	const spec = { fields: [{ ...field, required: true }] };
	const options = { unknownFields: 'error' as const, timeZone: ctx.getTimezone() };
	const onPath = session.platform.route(route).params?.comparison_id?.in === 'path';
	return (itemIndex) => {
		const raw = ctx.getNodeParameter('comparisonId', itemIndex, '') as unknown;
		const value = (typeof raw === 'string' ? raw.trim() : raw) as ComparisonId;
		const { record, problems } = checkRecord(spec, { comparison_id: value }, options);
		// A platform that puts the id in its route's path (/comparisons/{comparison_id}/…) takes it by the path's rules.
		const inPath =
			problems.length === 0 && onPath
				? paramValueProblem(record.comparison_id, 'comparison_id', 'path')
				: undefined;
		if (problems.length === 0 && inPath === undefined) return record.comparison_id as ComparisonId;
		const problem = inPath ?? problems[0].problem;
		// Named as the form names it, whatever label the platform's description gives the field.
		throw itemError(
			ctx.getNode(),
			itemIndex,
			'comparison_id',
			numbered
				? `${problem}: this platform numbers its comparisons, so give the comparison's number as Create Comparison or Reconcile output it`
				: problem,
			comparisonId.label,
		);
	};
}
