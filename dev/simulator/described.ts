/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Which description the simulator serves and validates against, changeable while it runs (drift
 * between two runs of a workflow): ours, a shape's (optionally tweaked), a given document or file,
 * or raw text (a broken or hostile document, served without changing the routes).
 */
import * as fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseYaml } from 'yaml';
import type { TokenAuthority } from './auth';
import type { Contract } from './contract';
import {
	answerDescription,
	formatOfPath,
	rawTexts,
	textsOf,
	type DescriptionFormat,
	type DescriptionRequest,
	type DescriptionTexts,
} from './description';
import type { Handler, Sim } from './kit';
import { contractRoutes, type ServedRoute } from './served';
import { shapeSpec } from './shapes';
import { compileOnce, mappingOf, shapeDoc, shown, tweaked, type Tweak } from './shapes/documents';
import type { OwnStore } from './shapes/ownStore';
import { shapeRoutes } from './shapes/translate';

export type { Tweak } from './shapes/documents';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export type DescriptionSource =
	/** A shape's document ('ours': the contract), served, validated against and translated. */
	| { shape: string; tweak?: Tweak }
	/** A document in our wire shape (like the `contract` option); validate: false serves it only. */
	| { document: Json; validate?: boolean }
	| { file: string; validate?: boolean }
	/** These exact bytes, served only (the routes stay as they are). */
	| { text: string; format: DescriptionFormat };

export interface DescriptionOptions {
	/** A bearer token is needed to read it (default true). */
	requireToken?: boolean;
	/** More paths on the host that answer it, e.g. '/docs/wms.yaml' (YAML for .yaml/.yml, else JSON). */
	paths?: string[];
	/** Also answer it from a second origin (another port of the host), at the same paths. */
	otherOrigin?: boolean | { requireToken?: boolean };
	/** The main origin's description addresses answer 307 to the other origin's. */
	redirectToOtherOrigin?: boolean;
}

export interface DescriptionInfo {
	/** 'ours', a shape's name, 'document' or 'text'. */
	shape: string;
	/** What the banner says. */
	label: string;
	title?: string;
	version?: string;
	/** Routes served that a node can call, the token route left out (a text source leaves the previous ones). */
	routes: number;
	/** Whether reading it on the main origin needs the bearer token. */
	requireToken: boolean;
	etags: { json?: string; yaml?: string };
}

interface State {
	info: Omit<DescriptionInfo, 'etags' | 'routes' | 'requireToken'>;
	routes: Map<string, ServedRoute>;
	texts: DescriptionTexts;
	doc?: Json;
}

export interface DescribedDeps {
	ours: Contract;
	/** Our contract's file (served as its own bytes). */
	oursFile: string;
	handlers: Map<string, Handler>;
	sim: Sim;
	auth: TokenAuthority;
	options: DescriptionOptions;
	/** Counts a description request in the stats. */
	count: (path: string, status: number) => void;
}

export class Described {
	private state: State;
	private readonly initial: DescriptionSource;
	private readonly stores = new Map<string, OwnStore>();
	private readonly seen: DescriptionRequest[] = [];
	private readonly options: DescriptionOptions;
	private other?: Server;
	otherBase?: string;

	constructor(
		private readonly d: DescribedDeps,
		initial: DescriptionSource,
	) {
		this.options = { ...d.options };
		this.initial = initial;
		this.state = this.build(initial);
	}

	routes(): Map<string, ServedRoute> {
		return this.state.routes;
	}

	info(): DescriptionInfo {
		const { texts } = this.state;
		return {
			...this.state.info,
			// Counted as the nodes count them: the token route belongs to the credential.
			routes: [...this.state.routes.values()].filter((route) => route.needsToken).length,
			requireToken: this.options.requireToken !== false,
			etags: { json: texts.json?.etag, yaml: texts.yaml?.etag },
		};
	}

	document(): Json | undefined {
		return this.state.doc;
	}

	set(source: DescriptionSource | Json): DescriptionInfo {
		const isSource =
			source && ['shape', 'document', 'file', 'text'].some((k) => Object.hasOwn(source, k));
		this.state = this.build(isSource ? source : { document: source });
		return this.info();
	}

	reset(): DescriptionInfo {
		this.state = this.build(this.initial);
		return this.info();
	}

	configure(options: Pick<DescriptionOptions, 'requireToken' | 'redirectToOtherOrigin'>): void {
		if (options.requireToken !== undefined) this.options.requireToken = options.requireToken;
		if (options.redirectToOtherOrigin !== undefined)
			this.options.redirectToOtherOrigin = options.redirectToOtherOrigin;
	}

	requests(): DescriptionRequest[] {
		return this.seen.map((r) => ({ ...r }));
	}

	/** The paths on a host that answer the description. */
	paths(): string[] {
		return ['/v1/openapi.json', '/v1/openapi.yaml', ...(this.options.paths ?? [])];
	}

	/** Answers a request for the description on the main origin; false when `path` is not one of its addresses. */
	answer(
		req: IncomingMessage,
		res: ServerResponse,
		path: string,
		origin: 'main' | 'other' = 'main',
	): boolean {
		if (!this.paths().includes(path)) return false;
		const other = this.options.otherOrigin;
		const requireToken =
			origin === 'other'
				? typeof other === 'object' && other.requireToken === true
				: this.options.requireToken !== false;
		const redirectTo =
			origin === 'main' && this.options.redirectToOtherOrigin && this.otherBase
				? `${this.otherBase}${path}`
				: undefined;
		const status = answerDescription(req, res, formatOfPath(path), {
			texts: this.state.texts,
			auth: this.d.auth,
			requireToken,
			redirectTo,
		});
		this.seen.push({
			origin,
			path,
			status,
			authorization: req.headers.authorization !== undefined,
			...(req.headers['if-none-match']
				? { ifNoneMatch: String(req.headers['if-none-match']) }
				: {}),
		});
		this.d.count(path.replace(/^\/v1(?=\/)/, ''), status);
		return true;
	}

	/** The second origin, when the options ask for one: another port of the same host. */
	async listenOther(host: string): Promise<void> {
		if (!this.options.otherOrigin) return;
		this.other = createServer((req, res) => {
			const path = new URL(req.url ?? '/', 'http://sim').pathname;
			if (!this.answer(req, res, path, 'other')) {
				res.writeHead(404, { 'Content-Type': 'text/plain' });
				res.end('not found');
			}
		});
		await new Promise<void>((resolve, reject) => {
			this.other!.once('error', reject);
			this.other!.listen(0, host, () => resolve());
		});
		const addr = this.other.address() as AddressInfo;
		this.otherBase = `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;
	}

	async close(): Promise<void> {
		const other = this.other;
		if (other) {
			const closed = new Promise<void>((resolve) => other.close(() => resolve()));
			other.closeAllConnections();
			await closed;
		}
	}

	private build(source: DescriptionSource): State {
		const { ours, oursFile, handlers, sim } = this.d;
		if ('text' in source) {
			return {
				...this.state,
				info: { shape: 'text', label: `${source.format.toUpperCase()} text (served only)` },
				texts: rawTexts(source.text, source.format),
				doc: undefined,
			};
		}
		if ('shape' in source) {
			const spec = shapeSpec(source.shape);
			if (!spec && !source.tweak) {
				const text = fs.readFileSync(oursFile, 'utf8');
				return {
					info: this.described('ours', ours.doc, shown(oursFile)),
					routes: contractRoutes(ours, handlers, sim),
					texts: textsOf(ours.doc, { text, format: formatOfPath(oursFile) }),
					doc: ours.doc,
				};
			}
			const doc = tweaked(spec ? shapeDoc(source.shape, ours.doc) : ours.doc, source.tweak);
			const theirs = compileOnce(doc, `the ${source.shape} description`);
			const routes = spec
				? shapeRoutes({
						mapping: mappingOf(source.shape, ours.doc),
						theirs,
						ours,
						handlers,
						sim,
						stores: this.stores,
					})
				: contractRoutes(theirs, handlers, sim);
			const label = `shape ${source.shape}${source.tweak ? ', tweaked' : ''}`;
			return { info: this.described(source.shape, doc, label), routes, texts: textsOf(doc), doc };
		}
		const file = 'file' in source ? source.file : undefined;
		const text = file === undefined ? undefined : fs.readFileSync(file, 'utf8');
		const doc = file === undefined ? (source as { document: Json }).document : parseYaml(text!);
		const routes =
			source.validate === false
				? this.state.routes
				: contractRoutes(compileOnce(doc, file ?? 'the document'), handlers, sim);
		return {
			info: this.described('document', doc, file === undefined ? 'a document' : shown(file)),
			routes,
			texts: textsOf(doc, text === undefined ? undefined : { text, format: formatOfPath(file!) }),
			doc,
		};
	}

	private described(shape: string, doc: Json, what: string): State['info'] {
		const title = typeof doc?.info?.title === 'string' ? doc.info.title : undefined;
		const version = typeof doc?.info?.version === 'string' ? doc.info.version : undefined;
		return {
			shape,
			label: `${`${title ?? 'untitled'} ${version ?? ''}`.trim()} (${what})`,
			title,
			version,
		};
	}
}
