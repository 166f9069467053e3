import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../db/database.js';
import { AppError } from '../shared/errors.js';
import { apiResponses } from './api-responses.js';

/**
 * Whether the process is on its way out. From SIGTERM on, `/ready` answers 503 while every other
 * request is still served (for SHUTDOWN_DRAIN_MS), so a load balancer stops sending new requests
 * before the listener closes (docs/OPERATIONS.md, "Shutdown and deploys").
 */
export interface Readiness {
  draining: boolean;
}

/** Public probes for load balancers and orchestrators (SPEC §4.6): no credential needed. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; readiness: Readiness }> = async (
  app,
  { db, readiness },
) => {
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

  const readinessRoute = {
    operationId: 'getReadiness',
    tags: ['service'],
    summary: 'Database is reachable',
    description:
      'Readiness: 200 when the database answers, else 503 with Retry-After; 503 too once the process is shutting down. No credential.',
    security: [],
    response: apiResponses({ description: 'Ready to serve', schema: Status }, { public: true }),
  };
  app.get('/ready', { schema: readinessRoute }, async () => {
    if (readiness.draining) {
      throw new AppError('service-unavailable', 'The service is shutting down.', { headers: { 'retry-after': '5' } });
    }
    try {
      await sql`select 1`.execute(db.kysely);
    } catch {
      throw new AppError('service-unavailable', 'The database is unreachable.', { headers: { 'retry-after': '5' } });
    }
    return { status: 'ready' };
  });
};
