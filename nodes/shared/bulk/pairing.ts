/**
 * Which row each result of a success answer names: by its key when the platform gives one and
 * the route's key is made of row fields (a key in another letter case names the row all the same),
 * else by its index, else by its position when there are exactly as many results as rows. A
 * result that names no row of the request is a stray.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../objects';
import type { RouteInfo } from '../platform';
import { foldKey } from '../recordKey';
import type { AnswerReader, Entry } from './answers';
import { resultKeyReader } from './resultKeys';

/** What pairing needs of one request and its answer. */
export interface PairingInput {
	info: RouteInfo;
	reader: AnswerReader;
	/** The request's records, to learn how the answer writes a key of several fields (resultKeys.ts). */
	records: IDataObject[];
	/** The rows' own keys, where the route's results name rows by a key of row fields. */
	keys: string[] | undefined;
}

/** Each row's result (where one result names it), how many results name it, and the results that name none. */
export interface Pairing {
	named: Array<Entry | undefined>;
	times: Uint32Array;
	strays: string[];
}

/** The field naming a result's record: the answer's key, else the record's own key field when results carry it. */
const resultKeyField =
	(reader: AnswerReader, fields: string[] | undefined) =>
	(result: IDataObject): string | undefined =>
		reader.key !== undefined
			? reader.key
			: fields?.length === 1 && result[fields[0]] !== undefined
				? fields[0]
				: undefined;

function indexOf(value: unknown, rowCount: number): number | 'invalid' | undefined {
	if (value === undefined || value === null) return undefined;
	const index =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\d+$/.test(value)
				? Number(value)
				: NaN;
	return Number.isInteger(index) && index >= 0 && index < rowCount ? index : 'invalid';
}

/** Pairs each entry of the answer with the row it names. */
export function pairResults(input: PairingInput, entries: Entry[]): Pairing {
	const { info, reader, records, keys } = input;
	const rowCount = records.length;
	const keyFieldOf = resultKeyField(reader, info.resultKey);
	const keyOfResult = resultKeyReader(info.resultKey, records, keys);
	const indexField = reader.index;
	const named: Array<Entry | undefined> = new Array(rowCount);
	const times = new Uint32Array(rowCount);
	const strays: string[] = [];
	let rowsByKey: Map<string, number[]> | undefined;
	let rowsByFoldedKey: Map<string, number[]> | undefined;
	const sameKey = (row: number, key: string) =>
		keys![row] === key || foldKey(keys![row]) === foldKey(key);
	const byKey = (fold: (key: string) => string) => {
		const rows = new Map<string, number[]>();
		keys!.forEach((rowKey, row) =>
			rows.set(fold(rowKey), [...(rows.get(fold(rowKey)) ?? []), row]),
		);
		return rows;
	};

	const rowOf = ({ result, position, of }: Entry): number | undefined => {
		const record = result as IDataObject;
		const keyField = keyFieldOf(record);
		const key = keyField === undefined ? undefined : keyOfResult(record[keyField]);
		const index = indexField === undefined ? undefined : indexOf(record[indexField], rowCount);
		if (keys && key !== undefined) {
			if (typeof index === 'number' && sameKey(index, key)) return index;
			if (of === rowCount && sameKey(position, key) && times[position] === 0) return position;
			rowsByKey ??= byKey((rowKey) => rowKey);
			const candidates =
				rowsByKey.get(key) ?? (rowsByFoldedKey ??= byKey(foldKey)).get(foldKey(key));
			const found = candidates?.find((row) => times[row] === 0) ?? candidates?.[0];
			// A key taken from the built-in description is a guess: where the answer names none of its rows by it, the platform's own row number does.
			return found ?? (info.keyFrom === 'builtIn' && typeof index === 'number' ? index : undefined);
		}
		if (index !== undefined) return index === 'invalid' ? undefined : index;
		return of === rowCount ? position : undefined;
	};

	for (const entry of entries) {
		const row = isObject(entry.result) ? rowOf(entry) : undefined;
		if (row === undefined) {
			const record = entry.result as IDataObject | null;
			const keyField = isObject(record) ? keyFieldOf(record) : undefined;
			strays.push((keyField && keyOfResult(record?.[keyField])) ?? `#${entry.position}`);
			continue;
		}
		times[row]++;
		named[row] = entry;
	}
	return { named, times, strays };
}
