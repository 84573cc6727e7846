import { comparisonAction } from './common';

export const complete = comparisonAction({
	operation: 'complete',
	route: '/comparison/complete',
	name: 'Complete',
	action: 'Complete a comparison',
	description:
		'Close the comparison (processed, or compared: accepting the differences as they are). Needs the comparison ID.',
});
