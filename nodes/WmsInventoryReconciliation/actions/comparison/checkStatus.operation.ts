import { comparisonAction } from './common';

/** The whole comparison: state, ERP and platform lines, items with their differences, adjustments, move attempts. */
export const checkStatus = comparisonAction({
	operation: 'checkStatus',
	route: '/comparison/check_status',
	name: 'Check Status',
	action: 'Get comparison status',
	description:
		'Read a comparison: its state, lines, items with differences, adjustments and move attempts. Needs the comparison ID.',
});
