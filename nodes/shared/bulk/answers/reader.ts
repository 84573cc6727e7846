/**
 * How a write's success answer names each row's fate, one reader per answer style, chosen once
 * from the route's description (as n8n's nodes pick an operation module): a new vendor shape is a
 * new reader here, not another branch in the write.
 */

/** One result of an answer: where it was, and whether it is in the list of rows the platform refused. */
export interface Entry {
	result: unknown;
	position: number;
	/** How many entries its list has (a position names a row only when it has one per row). */
	of: number;
	refused: boolean;
}

export interface AnswerReader {
	/** The lists an answer of this style holds its results in (the transport checks they are lists). */
	lists: string[];
	/** An entry's fields: its row number, key, status, message and errors. */
	index?: string;
	key?: string;
	status?: string;
	message?: string;
	errors?: string;
	/** Whether a result must carry a status the description counts as stored. */
	statusRequired: boolean;
	/** Why no row can be confirmed, where the description does not say how its answer names them. */
	cannotTell?: string;
	/** The answer's results, for a request of `rows` rows. */
	entries(body: unknown, rows: number): Entry[];
}
