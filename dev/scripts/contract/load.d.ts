/** Types of load.js for tests. */
/* eslint-disable @typescript-eslint/no-explicit-any */
export function readDocument(file: string): any;
export function resolve(doc: any, schema: any): any;
export function refName(schema: any): string | undefined;
