/**
 * How many requests of a bulk write may be in flight at once. A number the user set stays as it
 * is. Adaptive starts at two, takes one more after each round of requests the platform answered
 * (as many as are in flight), up to four, and halves when the platform says it is busy (429, 503).
 */
export type Parallel = number | 'adaptive';

export const ADAPTIVE_START = 2;
export const ADAPTIVE_CAP = 4;
export const MAX_PARALLEL = 8;

export class Lanes {
	private width: number;
	private answered = 0;

	constructor(private readonly setting: Parallel = 'adaptive') {
		this.width =
			setting === 'adaptive'
				? ADAPTIVE_START
				: Math.min(MAX_PARALLEL, Math.max(1, Math.floor(setting)));
	}

	/** Requests that may be in flight now. */
	get open(): number {
		return this.width;
	}

	/** A request was answered (stored or refused, not busy). */
	answeredOne(): void {
		if (this.setting !== 'adaptive' || this.width >= ADAPTIVE_CAP) return;
		if (++this.answered >= this.width) {
			this.width++;
			this.answered = 0;
		}
	}

	/** The platform said it is busy. */
	busy(): void {
		if (this.setting !== 'adaptive') return;
		this.width = Math.max(1, Math.floor(this.width / 2));
		this.answered = 0;
	}
}
