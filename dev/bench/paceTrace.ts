/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Where a rate-limited run's refusals fall: watches the run's pace (transport/pace.ts) from the
 * outside, counting the 429s of requests started before the pace had learnt the platform's rate (the
 * first burst, which nothing could keep from) apart from those started after (the pacing's own), and
 * the time the run stood paused. With WMS_PACE_TRACE set it also prints each start and refusal.
 */
import { RequestPace } from '../../nodes/shared/transport/pace';

export interface PaceTrace {
	/** 429s of requests started before the rate was learnt. */
	refusedBeforeRate: number;
	/** 429s of requests started once it was. */
	refusedAfterRate: number;
	/** The rate learnt (requests per window) and the window, when the run ended. */
	perWindow?: number;
	windowMs?: number;
	/** Seconds during which no new request could start for a Retry-After. */
	pausedSeconds: number;
}

interface PaceInside {
	perWindow?: number;
	window: number;
	learntAt: number;
	pausedUntil: number;
}

/** Starts watching every RequestPace of this process; `end()` answers what was seen. */
export function tracePace(): { end(): PaceTrace } {
	const printing = process.env.WMS_PACE_TRACE !== undefined;
	const t0 = Date.now();
	const trace: PaceTrace = { refusedBeforeRate: 0, refusedAfterRate: 0, pausedSeconds: 0 };
	let pausedFrom = 0;
	let pausedTo = 0;
	const proto = RequestPace.prototype as unknown as {
		admit: RequestPace['admit'];
		refused: RequestPace['refused'];
	};
	const { admit, refused } = proto;
	proto.admit = async function (this: RequestPace, ...args) {
		const at = await admit.apply(this, args);
		if (printing) console.error(`pace ${Date.now() - t0} start ${at - t0}`);
		return at;
	};
	proto.refused = function (this: RequestPace, startedAt: number, waitMs: number) {
		const inside = this as unknown as PaceInside;
		const known = inside.perWindow !== undefined && startedAt >= inside.learntAt;
		if (known) trace.refusedAfterRate++;
		else trace.refusedBeforeRate++;
		const until = refused.call(this, startedAt, waitMs);
		// The paused time: the union of the pauses asked for.
		const from = Date.now();
		if (from >= pausedTo) {
			trace.pausedSeconds += (pausedTo - pausedFrom) / 1000;
			pausedFrom = from;
		}
		pausedTo = Math.max(pausedTo, inside.pausedUntil);
		trace.perWindow = inside.perWindow;
		trace.windowMs = inside.window;
		if (printing)
			console.error(
				`pace ${from - t0} 429 of start ${startedAt - t0} wait ${waitMs} ${known ? 'after' : 'before'} rate ${inside.perWindow}/${inside.window}`,
			);
		return until;
	};
	return {
		end() {
			proto.admit = admit;
			proto.refused = refused;
			return { ...trace, pausedSeconds: trace.pausedSeconds + (pausedTo - pausedFrom) / 1000 };
		},
	};
}
