import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import FindMyWay from 'find-my-way';
import { DOCS_PATH } from '../../src/http/openapi.js';

/**
 * Every response an in-process app gives in the tests is checked against the app's own
 * `/openapi.json` (issue 5): the operation and status must be documented, the body must match the
 * documented schema of its media type, and every contract header it carries must be declared for
 * that status, with a value that matches. So the document cannot drift from the code: a new status,
 * header or field fails the test that first meets it. A compressed body is checked as decoded (and
 * must name Accept-Encoding in Vary); a 304 must carry no content nor its metadata (RFC 9110 §15.4.5).
 */

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** The headers the contract defines (SPEC §4.3, §5, §7, §9): a response may only carry declared ones. */
const CONTRACT_HEADERS = [
  'link',
  'x-pagination-next',
  'x-pagination-last',
  'x-pagination-prev',
  'x-pagination-first',
  'x-total-count',
  'etag',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'www-authenticate',
  'location',
  'idempotent-replayed',
];

/** The interactive reference's page and files: HTML and JavaScript for people, not the described API. */
export const isDocsUi = (path: string) => path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);

/** The web console (SPEC §11): `/` sends browsers there; its pages and assets are not the API either. */
export const isConsolePage = (path: string) => path === '/' || path === '/console' || path.startsWith('/console/');

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  headers?: Record<string, { schema: { type?: string } }>;
  content?: Record<string, MediaType>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
}

/** The representation metadata a 304 must not carry: it has no content (RFC 9110 §15.4.5). */
const CONTENT_METADATA = ['content-type', 'content-length', 'content-encoding'];

/** The body as the client reads it: decoded from the content coding the service chose. */
function decodedBody(response: LightMyRequestResponse): string {
  const coding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  // A HEAD answer has the GET's headers (Content-Encoding too) and no body to decode.
  if (coding === 'identity' || response.rawPayload.byteLength === 0) return response.body;
  if (coding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  throw new Error(`content coding ${coding} is not one the service offers (gzip, br)`);
}

/** What is wrong with the transfer of a response, whatever the operation: codings and 304. */
function transferViolations(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status === 304) {
    for (const name of CONTENT_METADATA) {
      if (response.headers[name] !== undefined) problems.push(`304 carries ${name}: ${response.headers[name]}`);
    }
    if (response.rawPayload.byteLength > 0) problems.push('304 has a body');
  }
  if (response.headers['content-encoding'] !== undefined) {
    const vary = String(response.headers.vary ?? '').toLowerCase();
    if (!vary.split(',').some((name) => name.trim() === 'accept-encoding')) {
      problems.push(
        `${status} is coded (${response.headers['content-encoding']}) but Vary does not name Accept-Encoding`,
      );
    }
  }
  return problems;
}

const escapePointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

class ContractChecker {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #router = FindMyWay({ ignoreTrailingSlash: true });

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.#ajv);
    this.#ajv.addSchema(document as object, 'openapi');
    for (const [path, operations] of Object.entries(document.paths)) {
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(operations)) {
        this.#router.on(method.toUpperCase() as 'GET', route, () => undefined, { path });
      }
    }
  }

  #validator(pointer: string[]): ValidateFunction {
    const ref = `openapi#/${pointer.map(escapePointer).join('/')}`;
    let validate = this.#validators.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#validators.set(ref, validate);
    }
    return validate;
  }

  #problem(response: LightMyRequestResponse): string[] {
    if (!String(response.headers['content-type']).startsWith('application/problem+json')) {
      return [`an undocumented route answered ${response.statusCode} ${response.headers['content-type']}`];
    }
    const validate = this.#validator(['components', 'schemas', 'Problem']);
    return validate(JSON.parse(decodedBody(response)))
      ? []
      : [`problem body: ${this.#ajv.errorsText(validate.errors)}`];
  }

  /** What is wrong with this response, as readable lines; empty when it matches the document. */
  violations(method: string, url: string, response: LightMyRequestResponse): string[] {
    const path = url.split('?')[0] ?? '/';
    if (isDocsUi(path) || isConsolePage(path)) return [];
    const transfer = transferViolations(response);
    return transfer.length > 0 ? transfer : this.#operationViolations(method, path, response);
  }

  #operationViolations(method: string, path: string, response: LightMyRequestResponse): string[] {
    // HEAD answers like GET, without a body (Fastify adds HEAD routes; the document shows the GET).
    const lookup = method === 'HEAD' ? 'GET' : method;
    const found = this.#router.find(lookup as 'GET', path);
    if (!found) {
      // Unknown paths and methods (404, 405) have no operation: they must be a problem all the same.
      return response.statusCode >= 400 ? this.#problem(response) : [`${method} ${path} is not in the document`];
    }
    const documentPath = (found.store as { path: string }).path;
    const operation = this.document.paths[documentPath]?.[lookup.toLowerCase()];
    const status = String(response.statusCode);
    const declared = operation?.responses[status] ?? operation?.responses.default;
    if (!declared) return [`${response.statusCode} is not documented for ${lookup} ${documentPath}`];
    const where = ['paths', documentPath, lookup.toLowerCase(), 'responses', status];
    const problems: string[] = [];

    const body = decodedBody(response);
    if (body.length > 0 && method !== 'HEAD') {
      const mediaType = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      if (!mediaType || !declared.content?.[mediaType]) {
        problems.push(`${status} answered ${mediaType}, documented: ${Object.keys(declared.content ?? {}).join(', ')}`);
      } else if (declared.content[mediaType].schema) {
        const validate = this.#validator([...where, 'content', mediaType, 'schema']);
        const value = mediaType.endsWith('json') ? JSON.parse(body) : body;
        if (!validate(value)) problems.push(`${status} body: ${this.#ajv.errorsText(validate.errors)}`);
      }
    } else if (body.length === 0 && declared.content && response.statusCode !== 304 && method !== 'HEAD') {
      problems.push(`${status} has an empty body; documented: ${Object.keys(declared.content).join(', ')}`);
    }

    const declaredHeaders = new Map(
      Object.entries(declared.headers ?? {}).map(([name, header]) => [name.toLowerCase(), { name, header }]),
    );
    for (const name of CONTRACT_HEADERS) {
      const value = response.headers[name];
      if (value === undefined) continue;
      const entry = declaredHeaders.get(name);
      if (!entry) {
        problems.push(`${status} carries ${name}, which the document does not declare for it`);
        continue;
      }
      const text = String(value);
      const typed = entry.header.schema.type === 'integer' && /^\d+$/.test(text) ? Number(text) : text;
      const validate = this.#validator([...where, 'headers', entry.name, 'schema']);
      if (!validate(typed)) problems.push(`${status} header ${name}: ${this.#ajv.errorsText(validate.errors)}`);
    }
    return problems;
  }
}

/** One checker per distinct document (apps with extra test routes have their own). */
const checkers = new Map<string, ContractChecker>();

function checkerFor(app: FastifyInstance): ContractChecker {
  const document = app.swagger() as unknown as OpenApiDocument;
  const key = createHash('sha256').update(JSON.stringify(document)).digest('hex');
  let checker = checkers.get(key);
  if (!checker) {
    checker = new ContractChecker(document);
    checkers.set(key, checker);
  }
  return checker;
}

/** Makes every `app.inject` of this app fail loudly when its response contradicts the document. */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  const checker = checkerFor(app);
  const inject = app.inject.bind(app) as (options: unknown) => Promise<LightMyRequestResponse>;
  const checked = async (options: unknown) => {
    const response = await inject(options);
    const request = response.raw.req;
    const problems = checker.violations(request.method ?? 'GET', request.url ?? '/', response);
    if (problems.length > 0) {
      throw new Error(
        `response to ${request.method} ${request.url} contradicts /openapi.json:\n  ${problems.join('\n  ')}`,
      );
    }
    return response;
  };
  Object.defineProperty(app, 'inject', { value: checked, configurable: true, writable: true });
}
