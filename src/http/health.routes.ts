import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../db/database.js';
import { AppError } from '../shared/errors.js';

/** Public probes for load balancers and orchestrators (SPEC §4.6): no credential needed. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const Status = Type.Object({ status: Type.String() });

  // Liveness stays 200 under overload: an orchestrator must not restart a process for being busy.
  const exemptFromPressure = { pressureHandler: () => undefined };
  app.get(
    '/health',
    { config: exemptFromPressure, schema: { summary: 'Process is alive', response: { 200: Status } } },
    async () => ({
      status: 'ok',
    }),
  );

  app.get('/ready', { schema: { summary: 'Database is reachable', response: { 200: Status } } }, async () => {
    try {
      await sql`select 1`.execute(db.kysely);
    } catch {
      throw new AppError('service-unavailable', 'The database is unreachable.', { headers: { 'retry-after': '5' } });
    }
    return { status: 'ready' };
  });
};
