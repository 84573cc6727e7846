/**
 * Where a description cannot be used, in the words a person reads: routes and fields as the form
 * names them, never a JSON pointer with its escapes.
 */
import { DescriptionProblem, placeInWords } from '../../nodes/shared/platform/description/problems';

describe('a place in a description, in words', () => {
	it.each([
		['#/paths/~1inventory~1add/post', 'route /inventory/add'],
		[
			'#/paths/~1inventory~1add/post/requestBody/content/application~1json/schema',
			'route /inventory/add, request body',
		],
		[
			'#/paths/~1sales_order~1add/post/requestBody/content/application~1json/schema/properties/items/items/properties/lines/items/properties/quantity',
			'route /sales_order/add, request body, field items.lines.quantity',
		],
		['#/paths/~1thing/get/responses/200', 'route /thing (GET), answer 200'],
		[
			'#/components/schemas/InventoryAddRequest/properties/data/items',
			'schema InventoryAddRequest, field data',
		],
		['#/components/schemas/Item/allOf/0', 'schema Item, part 1 of its allOf'],
		['#/swagger', 'the swagger field'],
		['#', ''],
	])('%s → %j', (pointer, words) => expect(placeInWords(pointer)).toBe(words));

	it('a problem reads as a sentence, with no pointer, escape or "#"', () => {
		const { message } = new DescriptionProblem(
			'#/paths/~1inventory~1add/post/requestBody/content/application~1json/schema',
			'a $ref to another document (other.yaml#/Inventory)',
		);
		expect(message).toBe(
			'a $ref to another document (other.yaml#/Inventory) (in route /inventory/add, request body)',
		);
		expect(new DescriptionProblem('#', 'the description is empty').message).toBe(
			'the description is empty',
		);
	});
});
