import { comparisonAction } from './common';

/** One move-attempt ERP update for the processed adjustments not reported yet; repeating creates none. */
export const createMoveAttempts = comparisonAction({
	operation: 'createMoveAttempts',
	route: '/comparison_move_attempt/create',
	name: 'Create Move Attempts',
	action: 'Create move attempts',
	description:
		'Report the processed adjustments to the ERP as a move attempt (the comparison must be processed). Needs the comparison ID.',
});
