import FindMyWay, { type HTTPMethod } from 'find-my-way';

/**
 * Fastify answers an unknown method on a known path with 404. SPEC §6 wants 405 with `Allow`, so
 * the app mirrors every route into this table and asks it which methods a path does accept.
 */
export class RouteTable {
  readonly #router = FindMyWay({ ignoreTrailingSlash: true });
  readonly #methods = new Set<HTTPMethod>();
  readonly #routes: { method: HTTPMethod; url: string }[] = [];

  add(method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      const verb = m.toUpperCase() as HTTPMethod;
      this.#methods.add(verb);
      if (!this.#router.hasRoute(verb, url)) {
        this.#router.on(verb, url, () => {});
        this.#routes.push({ method: verb, url });
      }
    }
  }

  /** Every registered route (HEAD included where Fastify adds it to a GET). */
  get routes(): readonly { method: HTTPMethod; url: string }[] {
    return this.#routes;
  }

  /** Methods registered for this concrete path, sorted; empty when the path is unknown. */
  allowedMethods(path: string): string[] {
    return [...this.#methods].filter((m) => this.#router.find(m, path) !== null).sort();
  }
}
