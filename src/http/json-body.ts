import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidInput } from '../shared/errors.js';

/**
 * Request bodies are JSON in UTF-8 (RFC 8259 §8.1), and only that: bytes that are not UTF-8, or a
 * Content-Type naming another charset, are a 400 instead of text quietly decoded with U+FFFD in
 * place of what the client meant. Parsing itself stays Fastify's (prototype-poisoning checks included).
 */
export function acceptUtf8JsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parseUtf8Json = (
    request: FastifyRequest,
    body: Buffer,
    done: (error: Error | null, body?: unknown) => void,
  ) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
      done(invalidInput([{ parameter: 'body', message: `must be UTF-8 JSON, not ${charset}` }]), undefined);
      return;
    }
    let text: string;
    try {
      text = decoder.decode(body);
    } catch {
      done(invalidInput([{ parameter: 'body', message: 'must be UTF-8 encoded' }]), undefined);
      return;
    }
    // Fastify's own parser answers through `done` (its type also allows an async parser's promise).
    void parseJson(request, text, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) =>
    parseUtf8Json(request, body as Buffer, done),
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body, done) => {
    if (!formBodyReadAsJson(request)) {
      done(new AppError('unsupported-media-type', `Unsupported Media Type: ${mediaType(request)}`), undefined);
      return;
    }
    parseUtf8Json(request, body as Buffer, done);
  });
}

const mediaType = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';

/**
 * SPEC §15: the original's published client sends its JSON through php-curl-class, which labels it
 * `application/x-www-form-urlencoded`. The three routes of its booking flow read such a body as
 * JSON, and only when the request authenticated with an API key or Basic credentials: a console
 * session rides on a browser's cookie, and a form on another site could post that type to a route
 * that took it (no CORS preflight guards a form), turning a visit into a booking. Everywhere else
 * the type stays a 415.
 */
function formBodyReadAsJson(request: FastifyRequest): boolean {
  return request.routeOptions.config.formBodyAsJson === true && request.principal !== null && request.session === null;
}
