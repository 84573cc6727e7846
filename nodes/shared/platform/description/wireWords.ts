/**
 * The names descriptions commonly give the parts of a request and an answer (paging fields, record
 * lists, result fields) and the words of a row's status, as the wire readers compare them.
 */
export const CURSOR_PARAMS = [
	'cursor',
	'page_token',
	'next_token',
	'continuation_token',
	'continuation',
	'starting_after',
	'after',
	'page_cursor',
];
export const NEXT_FIELDS = [
	'next_cursor',
	'next_page_token',
	'next_token',
	'continuation_token',
	'continuation',
	'end_cursor',
	'next',
	'cursor',
];
export const PAGE_PARAMS = ['page', 'page_number', 'page_no', 'page_index'];
export const OFFSET_PARAMS = ['offset', 'skip', 'start'];
export const SIZE_PARAMS = [
	'limit',
	'per_page',
	'page_size',
	'size',
	'max_results',
	'take',
	'count',
];
export const MORE_FIELDS = ['has_more', 'has_next', 'has_next_page', 'more'];
export const TOTAL_PAGES_FIELDS = ['total_pages', 'page_count', 'last_page', 'pages'];
export const TOTAL_FIELDS = ['total', 'total_count', 'total_items', 'total_records', 'count'];
/** Objects a page's facts are often kept in, in a request or an answer. */
export const PAGING_HOLDERS = [
	'meta',
	'pagination',
	'paging',
	'page_info',
	'page',
	'links',
	'_links',
	'metadata',
];
export const FILTER_HOLDERS = ['filter', 'filters', 'where', 'query', 'criteria'];
export const RECORDS_NAMES = ['items', 'data', 'records', 'rows', 'entries', 'lines', 'objects'];
export const LIST_NAMES = [
	'items',
	'data',
	'results',
	'records',
	'content',
	'entries',
	'rows',
	'list',
	'values',
	'hits',
];
export const RESULT_LISTS = [
	'results',
	'items',
	'data',
	'rows',
	'outcomes',
	'statuses',
	'records',
	'responses',
];
export const ACCEPTED_LISTS = [
	'accepted',
	'succeeded',
	'successful',
	'success',
	'successes',
	'ok',
	'stored',
	'saved',
	'processed',
	'created',
	'upserted',
	'imported',
];
export const REJECTED_LISTS = [
	'rejected',
	'failed',
	'failures',
	'errors',
	'invalid',
	'refused',
	'not_stored',
	'not_imported',
];
export const INDEX_FIELDS = [
	'index',
	'row',
	'row_index',
	'position',
	'idx',
	'line',
	'item_index',
	'record_index',
	'offset',
];
export const KEY_FIELDS = ['key', 'natural_key', 'record_key', 'id', 'reference'];
export const STATUS_FIELDS = ['status', 'result', 'outcome', 'action', 'state', 'operation'];
export const MESSAGE_FIELDS = [
	'message',
	'error',
	'reason',
	'detail',
	'error_message',
	'description',
];
export const ERRORS_FIELDS = ['errors', 'details', 'problems', 'violations'];
export const RETRIEVAL_WORDS =
	/^(check|list|search|find|query|lookup|retrieve|export|get_many|get_all)$/;

const STORED_WORDS = new Set([
	'created',
	'updated',
	'unchanged',
	'inserted',
	'upserted',
	'replaced',
	'merged',
	'stored',
	'saved',
	'ok',
	'success',
	'succeeded',
	'successful',
	'accepted',
	'processed',
	'done',
	'complete',
	'completed',
	'no_change',
	'nochange',
	'not_modified',
	'unmodified',
	'modified',
	'new',
	'existing',
	'added',
	'imported',
	'applied',
]);
const NOT_STORED_WORDS = new Set([
	'error',
	'errored',
	'failed',
	'failure',
	'rejected',
	'invalid',
	'refused',
	'conflict',
	'not_found',
	'denied',
	'declined',
	'skipped',
	'ignored',
	'not_stored',
	'not_imported',
]);

/** A name as compared with the lists above: snake_case in lower case ("nextCursor" → "next_cursor"). */
export const plainName = (name: string): string =>
	name
		.replace(/([a-z0-9])([A-Z])/g, '$1_$2')
		.replace(/[-\s]+/g, '_')
		.toLowerCase();

/** How a status word reads: stored, not stored, or not understood. */
export function statusMeaning(status: string): 'stored' | 'notStored' | 'unknown' {
	const word = plainName(status.trim());
	if (STORED_WORDS.has(word)) return 'stored';
	if (NOT_STORED_WORDS.has(word)) return 'notStored';
	return 'unknown';
}
