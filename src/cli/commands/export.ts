import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { type Command, Option } from 'commander';
import { BookingApiError, BookingOriginError, createClient, type SummariesQuery } from '../../../client/index.js';
import type { MaxPeriod } from '../../modules/reservations/behaviour-rules.js';
import { RESERVATION_STATUSES } from '../../modules/reservations/reservation-status.js';
import { REFERENCE_DATES, type ReferenceDate } from '../../modules/reservations/reservations.schemas.js';
import { isCalendarDate } from '../../shared/dates.js';
import { EXPORT_FORMATS, type ExportFormat, recordWriter } from '../export/formats.js';
import { CURRENT_MAX_PERIOD, ORIGINAL_MAX_PERIOD, type Period, splitPeriod } from '../export/period-chunks.js';
import { ProgressBar } from '../export/progress.js';
import { addConnectionOptions, type ConnectionOptions, credentialsOf } from '../connection.js';

/**
 * `booking export summaries`: every reservation summary of a period, through the client SDK, as
 * CSV, JSON or NDJSON. A period longer than the server accepts is asked for in consecutive chunks;
 * an item seen in an earlier chunk (a stay across a chunk edge) is written once.
 */

interface ExportOptions extends ConnectionOptions {
  organization?: string;
  from: string;
  to: string;
  referenceDate: ReferenceDate;
  status?: string;
  format: ExportFormat;
  output?: string;
}

function checkArguments(options: ExportOptions): void {
  for (const [flag, value] of [
    ['--from', options.from],
    ['--to', options.to],
  ] as const) {
    if (!isCalendarDate(value)) throw new Error(`${flag} must be a calendar date YYYY-MM-DD, not "${value}"`);
  }
  if (options.to < options.from) throw new Error('--to must not be before --from');
  if (options.organization !== undefined && !/^[1-9]\d{0,9}$/.test(options.organization)) {
    throw new Error(`--organization must be a positive integer, not "${options.organization}"`);
  }
  for (const status of options.status?.split(',') ?? []) {
    if (!(RESERVATION_STATUSES as readonly string[]).includes(status)) {
      throw new Error(`--status: "${status}" is not one of ${RESERVATION_STATUSES.join(', ')}`);
    }
  }
}

/** A 400 that names dateTo on the first chunk: the credential keeps the 31-day rule (SPEC §4.5). */
const refusedPeriodLength = (error: unknown) =>
  error instanceof BookingApiError &&
  error.status === 400 &&
  error.problem.errors?.some((e) => e.parameter === 'dateTo');

async function write(out: Writable, text: string): Promise<void> {
  if (text && !out.write(text)) await once(out, 'drain');
}

async function exportSummaries(options: ExportOptions): Promise<number> {
  checkArguments(options);
  const client = createClient(credentialsOf(options));
  const writer = recordWriter(options.format);
  const progress = new ProgressBar(process.stderr);
  // Into a temporary file renamed at the end: a failed export never leaves a truncated file behind.
  const temporary = options.output ? `${options.output}.partial-${process.pid}` : undefined;
  const out: Writable = temporary ? createWriteStream(temporary) : process.stdout;
  // `booking export … | head`: the reader has seen enough; that is not a failure.
  if (out === process.stdout)
    out.on('error', (error: NodeJS.ErrnoException) => error.code === 'EPIPE' && process.exit(0));
  const seen = new Set<number>();
  let total = 0;

  const exportChunks = async (max: MaxPeriod) => {
    const chunks = splitPeriod({ dateFrom: options.from, dateTo: options.to }, max);
    for (const [index, chunk] of chunks.entries()) await exportChunk(chunk, `chunk ${index + 1} of ${chunks.length}`);
  };
  const exportChunk = async (chunk: Period, label: string) => {
    const query: SummariesQuery = {
      dateFrom: chunk.dateFrom,
      dateTo: chunk.dateTo,
      referenceDate: options.referenceDate,
      ...(options.organization ? { organization: Number(options.organization) } : {}),
      ...(options.status ? { status: options.status } : {}),
    };
    let counted = false;
    for await (const page of client.reservations.summaries(query).pages()) {
      if (!counted) {
        total += page.total ?? page.items.length;
        counted = true;
      }
      for (const record of page.items) {
        if (seen.has(record.id)) {
          total -= 1; // counted in an earlier chunk too
          continue;
        }
        if (seen.size === 0) await write(out, writer.start);
        await write(out, writer.record(record, seen.size));
        seen.add(record.id);
      }
      progress.update(seen.size, total, `items (${label})`);
    }
  };

  try {
    try {
      await exportChunks(CURRENT_MAX_PERIOD);
    } catch (error) {
      if (seen.size > 0 || !refusedPeriodLength(error)) throw error;
      await exportChunks(ORIGINAL_MAX_PERIOD);
    }
    if (seen.size === 0) await write(out, writer.start);
    await write(out, writer.end);
    progress.update(seen.size, total, 'items', true);
    progress.finish();
    if (temporary && options.output) {
      out.end();
      await once(out, 'finish');
      renameSync(temporary, options.output);
    }
    return seen.size;
  } catch (error) {
    progress.finish();
    if (temporary) {
      out.destroy();
      rmSync(temporary, { force: true });
    }
    throw describeFailure(error, options.baseUrl);
  }
}

/** One clear line for the user: the service's problem, or why it could not be reached. */
function describeFailure(error: unknown, baseUrl: string): Error {
  if (error instanceof BookingApiError) {
    const parameters = error.problem.errors?.map((e) => `${e.parameter} ${e.message}`).join('; ');
    return new Error(`export failed: ${error.message}${parameters ? ` (${parameters})` : ''}`);
  }
  // The SDK follows links and redirects only within --base-url's origin: the credential goes nowhere else.
  if (error instanceof BookingOriginError) return new Error(`export failed: ${error.message}`);
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new Error(`cannot reach ${baseUrl}: ${cause?.code ?? cause?.message ?? 'connection failed'}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function registerExport(program: Command): void {
  const exporter = program.command('export').description('export data from a running booking-service over its API');
  addConnectionOptions(
    exporter
      .command('summaries')
      .description('every reservation summary of a period, as CSV, JSON or NDJSON (periods over a year are split)'),
  )
    .option('--organization <id>', 'organization id (required when the credential has several)')
    .requiredOption('--from <date>', 'first day of the period, YYYY-MM-DD')
    .requiredOption('--to <date>', 'last day of the period, YYYY-MM-DD (inclusive)')
    .addOption(
      new Option('--reference-date <which>', 'the date that must fall in the period')
        .choices(REFERENCE_DATES)
        .default('date-from'),
    )
    .option('--status <list>', `comma-separated states: ${RESERVATION_STATUSES.join(', ')}`)
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS).default('csv'))
    .option('--output <file>', 'write to this file instead of stdout')
    .action(async (options: ExportOptions) => {
      const count = await exportSummaries(options);
      if (options.output) process.stderr.write(`exported ${count} reservation summaries to ${options.output}\n`);
    });
}
