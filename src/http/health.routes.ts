import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../db/database.js';
import { AppError } from '../shared/errors.js';
import { apiResponses } from './api-responses.js';

/** Public probes for load balancers and orchestrators (SPEC §4.6): no credential needed. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const Status = Type.Object({ status: Type.String({ enum: ['ok', 'ready'] }) }, { additionalProperties: false });

  // Liveness stays 200 under overload: an orchestrator must not restart a process for being busy.
  const exemptFromPressure = { pressureHandler: () => undefined };
  app.get(
    '/health',
    {
      config: exemptFromPressure,
      schema: {
        operationId: 'getHealth',
        tags: ['service'],
        summary: 'Process is alive',
        description: 'Liveness: 200 while the process runs, even under overload. No credential.',
        security: [],
        response: apiResponses({ description: 'Alive', schema: Status }, { public: true }),
      },
    },
    async () => ({
      status: 'ok',
    }),
  );

  const readiness = {
    operationId: 'getReadiness',
    tags: ['service'],
    summary: 'Database is reachable',
    description: 'Readiness: 200 when the database answers, else 503 with Retry-After. No credential.',
    security: [],
    response: apiResponses({ description: 'Ready to serve', schema: Status }, { public: true }),
  };
  app.get('/ready', { schema: readiness }, async () => {
    try {
      await sql`select 1`.execute(db.kysely);
    } catch {
      throw new AppError('service-unavailable', 'The database is unreachable.', { headers: { 'retry-after': '5' } });
    }
    return { status: 'ready' };
  });
};
