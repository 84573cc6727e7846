import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';

const b64url = (buf: Buffer | string): string => Buffer.from(buf).toString('base64url');

interface Claims {
	sub: string;
	iat: number;
	exp: number;
	jti: string;
	gen: number;
}

/** Issues and checks HS256 JWTs. Revocation bumps a generation: older tokens stop working. */
export class TokenAuthority {
	private readonly key = randomBytes(32);
	private generation = 0;
	private counter = 0;
	issued = 0;

	constructor(
		private readonly clientId: string,
		private readonly clientSecret: string,
		private readonly ttlSeconds: number,
		private readonly now: () => number,
	) {}

	issue(
		clientId: string,
		clientSecret: string,
	): { access_token: string; token_type: 'Bearer'; expires_in: number } {
		if (!safeEqual(clientId, this.clientId) || !safeEqual(clientSecret, this.clientSecret)) {
			throw new ApiError(401, 'invalid_client', 'client authentication failed');
		}
		const iat = Math.floor(this.now() / 1000);
		const claims: Claims = {
			sub: clientId,
			iat,
			exp: iat + this.ttlSeconds,
			jti: `tok-${++this.counter}`,
			gen: this.generation,
		};
		const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
		const body = b64url(JSON.stringify(claims));
		this.issued++;
		return {
			access_token: `${head}.${body}.${this.sign(`${head}.${body}`)}`,
			token_type: 'Bearer',
			expires_in: this.ttlSeconds,
		};
	}

	/** Answers the client id of a live token in the Authorization header; throws 401 invalid_token otherwise. */
	verify(authorization: string | undefined): string {
		if (!authorization)
			throw invalid('missing bearer token (Authorization: Bearer <access_token>)');
		const m = /^Bearer +(\S+)$/i.exec(authorization.trim());
		if (!m) throw invalid('Authorization header must be "Bearer <access_token>"');
		const parts = m[1].split('.');
		if (parts.length !== 3) throw invalid('malformed access token');
		const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
		const given = Buffer.from(parts[2]);
		if (expected.length !== given.length || !timingSafeEqual(expected, given))
			throw invalid('access token signature invalid');
		let claims: Claims;
		try {
			claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
		} catch {
			throw invalid('malformed access token');
		}
		if (typeof claims.exp !== 'number' || claims.exp * 1000 <= this.now())
			throw invalid('access token expired');
		if (claims.gen !== this.generation) throw invalid('access token revoked');
		return claims.sub;
	}

	revokeAll(): void {
		this.generation++;
	}

	private sign(input: string): string {
		return createHmac('sha256', this.key).update(input).digest('base64url');
	}
}

function invalid(message: string): ApiError {
	return new ApiError(401, 'invalid_token', message, undefined, {
		'WWW-Authenticate': 'Bearer error="invalid_token"',
	});
}

function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}
