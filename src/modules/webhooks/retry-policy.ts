import type { AttemptResult } from './delivery-client.js';

/**
 * When a failed delivery is tried again (SPEC §10 "Retries"): a pure rule of the schedule, the
 * attempt's result and the time, kept apart from the statements that record it.
 */

/** The delay before attempt `attempts + 1` (±10% jitter), or undefined when the schedule is spent. */
export function retryDelayMs(schedule: readonly number[], attempts: number, random = Math.random): number | undefined {
  const seconds = schedule[attempts - 1];
  if (seconds === undefined) return undefined;
  return Math.round(seconds * 1000 * (0.9 + 0.2 * random()));
}

export interface Outcome {
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: number | null;
}

export function outcomeOf(result: AttemptResult, attempts: number, schedule: readonly number[], now: number): Outcome {
  if (result.delivered) return { status: 'delivered', nextAttemptAt: null };
  if (result.statusCode === 410) return { status: 'failed', nextAttemptAt: null };
  const delay = retryDelayMs(schedule, attempts);
  if (delay === undefined) return { status: 'failed', nextAttemptAt: null };
  return { status: 'pending', nextAttemptAt: now + (result.retryAfterMs ?? delay) };
}
