import { comparisonAction } from './common';

/** One move-attempt ERP update for the processed adjustments not reported yet; repeating creates none. */
export const createMoveAttempts = comparisonAction({
	operation: 'createMoveAttempts',
	route: '/comparison_move_attempt/create',
	name: 'Create Move Attempts',
	action: 'Create move attempts',
	description:
		"Report the processed adjustments to the ERP as a stock move (the platform's move attempt, delivered by the WMS ERP Update Trigger under Stock Moves). The comparison must be processed. Needs the comparison ID.",
});
