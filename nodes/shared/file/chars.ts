/** The character codes the streaming readers (CSV, JSON) look for, and JSON's blanks. */
export const QUOTE = 34;
export const BACKSLASH = 92;
export const COMMA = 44;
export const COLON = 58;
export const NEWLINE = 10;
export const RETURN = 13;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;
export const OPEN_BRACKET = 91;
export const CLOSE_BRACKET = 93;

/** A blank between JSON tokens: space, tab, line feed, carriage return. */
export const isBlank = (c: number) => c === 32 || c === 9 || c === NEWLINE || c === RETURN;
