import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../shared/errors.js';

/**
 * Request bodies are JSON in UTF-8 (RFC 8259 §8.1), and only that: bytes that are not UTF-8, or a
 * Content-Type naming another charset, are a 400 instead of text quietly decoded with U+FFFD in
 * place of what the client meant. Parsing itself stays Fastify's (prototype-poisoning checks included).
 */
export function acceptUtf8JsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
      done(invalidInput([{ parameter: 'body', message: `must be UTF-8 JSON, not ${charset}` }]), undefined);
      return;
    }
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(invalidInput([{ parameter: 'body', message: 'must be UTF-8 encoded' }]), undefined);
      return;
    }
    // Fastify's own parser answers through `done` (its type also allows an async parser's promise).
    void parseJson(request, text, done);
  });
}
