// The in-run baseline: a bare node:http server that answers every request with the same 100
// reservation summaries, serialised from in-memory objects on each request. It does what any JSON
// API must do at the least, so the service's figures are read as a ratio of it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const items = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer((_request, response) => {
  const body = JSON.stringify(items);
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
