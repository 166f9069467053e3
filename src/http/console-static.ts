import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/errors.js';

/**
 * The web console (SPEC §11) as static files built by Vite into dist/console, at /console/, with `/`
 * redirecting there. Hashed assets are cached for good; the HTML never is, so a new release is seen
 * at the next load. Every console response carries a strict Content-Security-Policy: scripts,
 * styles, images and connections from this origin only, no inline script, never in a frame.
 */

/** dist/console from here, whether this module runs from dist/src/http (the service) or src/http (tests). */
function consoleRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'dist', 'console');
}

export const CONSOLE_PATH = '/console/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerConsole(app: FastifyInstance, root = consoleRoot()): Promise<void> {
  await app.register(async (web) => {
    await web.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      // Strict-Transport-Security belongs to whoever terminates TLS (docs/deploy/), not to a service
      // that `npm start` serves over plain HTTP on 127.0.0.1.
      strictTransportSecurity: false,
    });

    web.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(CONSOLE_PATH));

    if (!existsSync(join(root, 'index.html'))) {
      // A checkout that was never built: say what to do instead of a bare 404.
      web.get(`${CONSOLE_PATH}*`, { schema: { hide: true } }, async () => {
        throw new AppError('service-unavailable', 'The console is not built: run `npm run build`.');
      });
      return;
    }
    await web.register(fastifyStatic, {
      root,
      prefix: CONSOLE_PATH,
      // The page itself is the route below: the router ignores trailing slashes, so /console and
      // /console/ are one route, which the plugin's own index handling does not meet.
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-store');
      },
    });
    web.get(CONSOLE_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-store').sendFile('index.html'),
    );
  });
}
