import { fileURLToPath } from 'node:url';
import { type RunningProcess, startProcess } from './processes.js';

/** The webhook receiver of `webhook-receiver.mjs`, as its own process on 127.0.0.1. */

const SCRIPT = fileURLToPath(new URL('./webhook-receiver.mjs', import.meta.url));

export interface Receipt {
  id: string;
  /** The how-many-th receipt of this webhook-id. */
  n: number;
  at: number;
  status: number;
  verified: boolean;
  /** Whether each of the path's `secrets` verifies the signature, in their order. */
  verifiedBy: boolean[];
  /** The sender closed the connection before the answer. */
  aborted: boolean;
  headers: Record<string, string | undefined>;
  body?: string;
}

export interface ReceiverSummary {
  total: number;
  distinct: number;
  verified: number;
  aborted: number;
}

export interface PathConfig {
  secret?: string;
  /** Secrets each receipt is also verified against, one by one (`Receipt.verifiedBy`). */
  secrets?: string[];
  /** The answer to the n-th receipt of a webhook-id: statuses[n - 1], the last one repeated. */
  statuses?: (number | { status: number; headers?: Record<string, string> })[];
  /** Answers after this long: longer than the service's timeout, a receiver that hangs. */
  delayMs?: number;
}

export interface ReceiverProcess {
  process: RunningProcess;
  url(path: string): string;
  configure(path: string, config: PathConfig): Promise<void>;
  received(path: string): Promise<Receipt[]>;
  summary(path: string): Promise<ReceiverSummary>;
  /** How long ago (ms) each receipt of `path` still waiting for its answer arrived. */
  inFlight(path: string): Promise<{ id: string; ageMs: number }[]>;
  stop(): Promise<number | null>;
}

export async function startReceiver(): Promise<ReceiverProcess> {
  const { process: child, match } = await startProcess(process.execPath, [SCRIPT], /receiver listening on (\d+)/);
  const base = `http://127.0.0.1:${match[1]}`;
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${base}${path}`, init);
    if (!response.ok) throw new Error(`receiver ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    process: child,
    url: (path) => `${base}${path}`,
    async configure(path, config) {
      await json(`/_config${path}`, { method: 'PUT', body: JSON.stringify(config) });
    },
    received: (path) => json<Receipt[]>(`/_received${path}`),
    summary: (path) => json<ReceiverSummary>(`/_received${path}?summary`),
    inFlight: (path) => json<{ id: string; ageMs: number }[]>(`/_received${path}?in-flight`),
    stop: () => child.stop(),
  };
}
