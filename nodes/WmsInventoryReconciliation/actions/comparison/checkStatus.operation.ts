import { comparisonAction } from './common';

/** The whole comparison: state, ERP and platform lines, items with their differences, adjustments, move attempts. */
export const checkStatus = comparisonAction({
	operation: 'checkStatus',
	route: '/comparison/check_status',
	name: 'Check Status',
	action: 'Check the status of a comparison (needs comparison ID)',
	description:
		'Read a comparison: its state, lines, items with differences, adjustments and move attempts',
});
