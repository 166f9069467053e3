// A bare Fastify server answering every GET with one fixed 100-item page, for comparing two ways of
// compressing it (bench/compression.mjs): `plugin` sends the plain bytes through @fastify/compress,
// which compresses every response; `kept` sends the variants the service keeps (dist/src/http/etag.js,
// compressed once, then the same bytes), negotiated as the service negotiates.
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { codingFor } from '../dist/src/http/compression.js';
import { JsonBody } from '../dist/src/http/etag.js';

const [mode, pageFile] = process.argv.slice(2);
const body = new JsonBody(readFileSync(pageFile));
const app = Fastify();
if (mode === 'plugin') {
  // The plugin's defaults: 1 KiB threshold, brotli quality 4, gzip at zlib's default level.
  await app.register(compress, { global: true });
  app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body.bytes));
} else {
  app.get('/', async (request, reply) => {
    const coding = codingFor(request.headers['accept-encoding'], body.bytes.byteLength);
    reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (coding === 'identity') return reply.send(body.bytes);
    return reply.header('content-encoding', coding).send(await body.encoded(coding));
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on http://127.0.0.1:${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
