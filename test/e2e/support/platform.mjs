// The platform (the simulator) as a test reaches it beside n8n: to seed records or read them back.

/** Calls the platform (the simulator) as a client would: a token, then the route. */
export async function platform(ctx, route, body) {
	const { baseUrl, clientId, clientSecret } = ctx.simulator;
	const post = async (url, data, headers = {}) => {
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(data),
		});
		if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
		return res.json();
	};
	const { access_token: token } = await post(`${baseUrl}/oauth/token`, {
		client_id: clientId,
		client_secret: clientSecret,
		grant_type: 'client_credentials',
	});
	return post(`${baseUrl}${route}`, body, { authorization: `Bearer ${token}` });
}
