/**
 * HTTP Basic credentials as they go on the wire. The credential sends them (the token request's
 * client authentication, the proxy's user), so their encoded form is a secret as much as the
 * password in it.
 */

/** A value as application/x-www-form-urlencoded writes it (what RFC 6749 asks of Basic's user and password too). */
export const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/** The base64 of `user:password` in UTF-8, as an Authorization or Proxy-Authorization header carries it. */
export function basicCredentials(user: string, password: string): string {
	let binary = '';
	for (const byte of new TextEncoder().encode(`${user}:${password}`))
		binary += String.fromCharCode(byte);
	return btoa(binary);
}
