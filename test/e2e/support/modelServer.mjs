// A chat model of the project's own for the end-to-end tests: an OpenAI-compatible server on
// loopback that answers each request with the next turn its test scripted, and keeps every request
// it got (what the model was told). It speaks what n8n's OpenAI Chat Model node sends: the
// Responses API (its default from node version 1.3, `POST /v1/responses`) and Chat Completions
// (`POST /v1/chat/completions`, with "Use Responses API" off), without streaming.
import http from 'node:http';

/** A turn: the model calls the tool whose name matches `tool` with `args`. */
export const callTool = (tool, args) => ({ tool, args });

/** A turn: the model answers in words. */
export const say = (text) => ({ text });

let serial = 0;
const id = (prefix) => `${prefix}_${Date.now().toString(36)}${(++serial).toString(36)}`;

/** The tool a turn means, among those the request offers: by name, or the first matching a pattern. */
function toolOf(turn, offered) {
	const name = offered.find((tool) =>
		turn.tool instanceof RegExp ? turn.tool.test(tool) : tool === turn.tool,
	);
	if (!name)
		throw new Error(`the model was to call ${turn.tool}, but it was offered ${offered.join(', ')}`);
	return name;
}

/**
 * The arguments as a model fills them from the tool's schema: a tool behind n8n's human review
 * takes the tool's own arguments under `toolParameters` (and the review's under `hitlParameters`).
 */
function argumentsFor(body, name, args) {
	const tool = (body.tools ?? []).find((t) => (t.name ?? t.function?.name) === name);
	const properties = (tool?.parameters ?? tool?.function?.parameters)?.properties ?? {};
	return properties.toolParameters && !('toolParameters' in args)
		? { toolParameters: args, hitlParameters: {} }
		: args;
}

function responsesAnswer(body, turn) {
	const offered = (body.tools ?? []).map((tool) => tool.name ?? tool.function?.name);
	const output = turn.text
		? [
				{
					type: 'message',
					id: id('msg'),
					role: 'assistant',
					status: 'completed',
					content: [{ type: 'output_text', text: turn.text, annotations: [] }],
				},
			]
		: [
				{
					type: 'function_call',
					id: id('fc'),
					call_id: id('call'),
					name: toolOf(turn, offered),
					arguments: JSON.stringify(argumentsFor(body, toolOf(turn, offered), turn.args)),
					status: 'completed',
				},
			];
	return {
		id: id('resp'),
		object: 'response',
		created_at: Math.floor(Date.now() / 1000),
		status: 'completed',
		model: body.model,
		output,
		usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 },
	};
}

function completionsAnswer(body, turn) {
	const offered = (body.tools ?? []).map((tool) => tool.function?.name);
	const message = turn.text
		? { role: 'assistant', content: turn.text }
		: {
				role: 'assistant',
				content: null,
				tool_calls: [
					{
						id: id('call'),
						type: 'function',
						function: {
							name: toolOf(turn, offered),
							arguments: JSON.stringify(argumentsFor(body, toolOf(turn, offered), turn.args)),
						},
					},
				],
			};
	return {
		id: id('chatcmpl'),
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: body.model,
		choices: [{ index: 0, message, finish_reason: turn.text ? 'stop' : 'tool_calls' }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	};
}

/**
 * Starts the server. `script(turns)` sets what it answers next, in order (a turn may be a
 * function of the request, answering a turn); `requests` holds each request's path and body.
 * A request beyond the script is answered with an error naming it, so a test never hangs on it.
 */
export async function startModelServer() {
	const requests = [];
	let turns = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			const send = (status, json) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(json));
			};
			if (req.method === 'GET' && req.url.endsWith('/models'))
				return send(200, { object: 'list', data: [{ id: 'scripted', object: 'model' }] });
			let body;
			try {
				body = JSON.parse(raw || '{}');
			} catch {
				return send(400, { error: { message: 'the body is not JSON', type: 'invalid_request' } });
			}
			requests.push({ path: req.url, body });
			const next = turns.shift();
			if (!next)
				return send(500, {
					error: { message: `no turn scripted for request ${requests.length}`, type: 'server' },
				});
			try {
				const turn = typeof next === 'function' ? next(body) : next;
				if (body.stream) throw new Error('streaming is not scripted');
				if (req.url.endsWith('/responses')) return send(200, responsesAnswer(body, turn));
				if (req.url.endsWith('/chat/completions')) return send(200, completionsAnswer(body, turn));
				send(404, { error: { message: `no route ${req.url}`, type: 'invalid_request' } });
			} catch (error) {
				send(500, { error: { message: error.message, type: 'server' } });
			}
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		script(next) {
			turns = [...next];
			requests.length = 0;
		},
		/** Turns scripted but not asked for yet. */
		left: () => turns.length,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** What a request tells the model about its tool calls: each function output's text, in order. */
export function toolOutputs(body) {
	const input = Array.isArray(body.input) ? body.input : [];
	const fromResponses = input
		.filter((item) => item.type === 'function_call_output')
		.map((item) => (typeof item.output === 'string' ? item.output : JSON.stringify(item.output)));
	const fromCompletions = (body.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map((message) =>
			typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
		);
	return [...fromResponses, ...fromCompletions];
}
