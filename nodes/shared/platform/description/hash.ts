/** A short fingerprint of a text (FNV-1a in two lanes): the same description is compiled once per process. Not for security. */
export function hashOf(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x01000193 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		a = Math.imul(a ^ code, 0x01000193) >>> 0;
		b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
	}
	return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}
