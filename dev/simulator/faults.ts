/** Faults on demand: per route, counted, and reproducible through a seeded random source. */
export type FaultKind = '429' | '503' | 'reset_before' | 'reset_after' | 'latency' | '401' | 'hold';

export interface FaultRule {
	/** A contract route such as '/supplier/add', or '*' for every contract route. */
	route: string;
	kind: FaultKind;
	/** How many matching requests get the fault (default: all). */
	times?: number;
	/** Skip the first N matching requests. */
	after?: number;
	/** Chance per matching request, drawn from the seeded source (faultSeed) so runs repeat. */
	probability?: number;
	retryAfterSeconds?: number;
	latencyMs?: number;
}

export const FAULT_KINDS: readonly FaultKind[] = [
	'429',
	'503',
	'reset_before',
	'reset_after',
	'latency',
	'401',
	'hold',
];

interface ActiveRule {
	rule: FaultRule;
	seen: number;
	fired: number;
}

export interface FaultDecision {
	latencyMs: number;
	/** The one answer-changing fault, if any (first matching rule wins). */
	fault?: FaultRule;
	/** A hold: the request waits for it before it is processed. */
	hold?: Promise<void>;
}

/** mulberry32: tiny, fast, good enough to make fault probabilities reproducible. */
function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export class Faults {
	private rules: ActiveRule[] = [];
	private random: () => number;
	/** Requests held now, each waiting for `release`. */
	private held: Array<() => void> = [];

	constructor(seed?: number) {
		this.random = seed === undefined ? Math.random : seeded(seed);
	}

	add(rule: FaultRule): void {
		if (!FAULT_KINDS.includes(rule.kind))
			throw new Error(
				`unknown fault kind ${String(rule.kind)}; use one of ${FAULT_KINDS.join(', ')}`,
			);
		if (typeof rule.route !== 'string' || rule.route === '')
			throw new Error('fault rule needs a route ("*" for all)');
		this.rules.push({ rule: { ...rule }, seen: 0, fired: 0 });
	}

	clear(): void {
		this.rules = [];
		this.release();
	}

	/** How many requests are held now, unanswered: a client has at least that many in flight. */
	holding(): number {
		return this.held.length;
	}

	/** The requests held go on (a test has seen what it waited for). */
	release(): void {
		for (const go of this.held.splice(0)) go();
	}

	list(): (FaultRule & { seen: number; fired: number })[] {
		return this.rules.map((r) => ({ ...r.rule, seen: r.seen, fired: r.fired }));
	}

	decide(route: string): FaultDecision {
		const decision: FaultDecision = { latencyMs: 0 };
		for (const active of this.rules) {
			const { rule } = active;
			if (rule.route !== '*' && rule.route !== route) continue;
			active.seen++;
			if (active.seen <= (rule.after ?? 0)) continue;
			if (rule.times !== undefined && active.fired >= rule.times) continue;
			if (rule.probability !== undefined && this.random() >= rule.probability) continue;
			if (rule.kind === 'hold') {
				active.fired++;
				decision.hold ??= new Promise((go) => this.held.push(go));
			} else if (rule.kind === 'latency') {
				active.fired++;
				decision.latencyMs += rule.latencyMs ?? 1000;
			} else if (!decision.fault) {
				active.fired++;
				decision.fault = rule;
			}
		}
		return decision;
	}
}
