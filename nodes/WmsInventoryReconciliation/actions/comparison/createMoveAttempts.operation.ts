import { comparisonAction } from './common';

/** One move-attempt ERP update for the processed adjustments not reported yet; repeating creates none. */
export const createMoveAttempts = comparisonAction({
	operation: 'createMoveAttempts',
	route: '/comparison_move_attempt/create',
	name: 'Create Move Attempts',
	action: 'Create move attempts for a processed comparison (needs comparison ID)',
	description:
		'Report the processed adjustments to the ERP as a move attempt (comparison must be processed)',
});
