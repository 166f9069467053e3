import { once } from 'node:events';
import type { Command } from 'commander';
import { BookingApiError } from '../../../client/errors.js';
import { type Event, followEvents, listEvents } from '../../../client/events.js';
import { Transport } from '../../../client/transport.js';
import { newEndpointSecret, signatureHeader } from '../../modules/webhooks/signing.js';
import { VERSION } from '../../version.js';
import { addConnectionOptions, type ConnectionOptions, credentialsOf } from '../connection.js';

/**
 * `booking events tail` prints the changes feed of a running service as NDJSON; `booking events
 * listen --forward-to URL` forwards it, signed as a webhook delivery would be, to a receiver on the
 * developer's own machine: webhooks tested without exposing anything to the internet.
 */

interface FeedOptions extends ConnectionOptions {
  after?: string;
  types?: string;
  organization?: string;
}

function organizationOf(options: FeedOptions): number | undefined {
  if (options.organization === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(options.organization)) {
    throw new Error(`--organization must be a positive integer, not "${options.organization}"`);
  }
  return Number(options.organization);
}

/** Stops the command on Ctrl-C (or SIGTERM) without a stack trace. */
function untilInterrupted(): AbortSignal {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort());
  return controller.signal;
}

async function writeLine(text: string): Promise<void> {
  if (!process.stdout.write(`${text}\n`)) await once(process.stdout, 'drain');
}

async function tail(options: FeedOptions & { follow?: boolean }): Promise<void> {
  const transport = new Transport(credentialsOf(options));
  const signal = untilInterrupted();
  const organization = organizationOf(options);
  // A reader that goes away (`| head`) ends the command quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  if (options.follow) {
    try {
      for await (const event of followEvents(transport, {
        after: options.after,
        types: options.types,
        organization,
        signal,
      })) {
        await writeLine(JSON.stringify(event));
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
    return;
  }
  let after = options.after;
  for (;;) {
    const page = await listEvents(transport, { after, types: options.types, organization, limit: 1000 }, signal);
    for (const event of page.events) await writeLine(JSON.stringify(event));
    after = page.next;
    if (page.events.length < 1000) break;
  }
  // Where to go on from next time, for a person (stdout holds only events).
  process.stderr.write(`next cursor: ${after}\n`);
}

/** Sends one event to the receiver as the service's webhook worker would; answers the status. */
async function forward(url: string, secret: string, event: Event): Promise<number> {
  const body = JSON.stringify(event);
  const now = new Date();
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
    headers: {
      'content-type': 'application/json',
      'user-agent': `booking-service/${VERSION} (events listen)`,
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signatureHeader([secret], event.id, now, body),
    },
    body,
  });
  await response.body?.cancel();
  return response.status;
}

async function listen(options: FeedOptions & { forwardTo: string; secret?: string }): Promise<void> {
  let target: URL;
  try {
    target = new URL(options.forwardTo);
  } catch {
    throw new Error(`--forward-to must be a URL such as http://127.0.0.1:4000/webhooks, not "${options.forwardTo}"`);
  }
  const secret = options.secret ?? newEndpointSecret();
  if (!options.secret)
    process.stderr.write(`signing with ${secret} (pass it to your receiver; --secret to choose one)\n`);
  const transport = new Transport(credentialsOf(options));
  const signal = untilInterrupted();
  process.stderr.write(`forwarding events to ${target.href} (Ctrl-C stops)\n`);
  try {
    for await (const event of followEvents(transport, {
      after: options.after,
      types: options.types,
      organization: organizationOf(options),
      signal,
    })) {
      let outcome: string;
      try {
        outcome = String(await forward(target.toString(), secret, event));
      } catch (error) {
        outcome = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      }
      process.stderr.write(`${outcome} ${event.type} ${event.id}\n`);
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

function describeFailure(error: unknown, baseUrl: string): Error {
  if (error instanceof BookingApiError) return new Error(`events failed: ${error.message}`);
  if (error instanceof TypeError && error.message === 'fetch failed') return new Error(`cannot reach ${baseUrl}`);
  return error instanceof Error ? error : new Error(String(error));
}

export function registerEvents(program: Command): void {
  const events = program.command('events').description('the changes feed of a running booking-service');
  addConnectionOptions(
    events
      .command('tail')
      .description('print the events after a cursor as NDJSON (with --follow, wait for new ones)')
      .option('--follow', 'keep waiting for new events (Ctrl-C stops)')
      .option('--after <cursor>', 'start after this cursor (an Events-Cursor); default: the oldest kept event')
      .option('--types <list>', 'comma-separated event types')
      .option('--organization <id>', 'one organization of the credential'),
  ).action(async (options: FeedOptions & { follow?: boolean }) => {
    await tail(options).catch((error: unknown) => {
      throw describeFailure(error, options.baseUrl);
    });
  });
  addConnectionOptions(
    events
      .command('listen')
      .description('forward the feed as signed webhook deliveries to a local receiver')
      .requiredOption('--forward-to <url>', 'the receiver, e.g. http://127.0.0.1:4000/webhooks')
      .option('--secret <whsec>', 'the signing secret (default: a new one, printed)')
      .option('--after <cursor>', 'start after this cursor; default: the oldest kept event')
      .option('--types <list>', 'comma-separated event types')
      .option('--organization <id>', 'one organization of the credential'),
  ).action(async (options: FeedOptions & { forwardTo: string; secret?: string }) => {
    await listen(options).catch((error: unknown) => {
      throw describeFailure(error, options.baseUrl);
    });
  });
}
