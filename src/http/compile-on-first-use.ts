/**
 * A route's validators and serializer, compiled when the route is first used rather than when the
 * app starts. Fastify compiles every schema of every route at start (Ajv for the parts of a
 * request, fast-json-stringify for each response): about 0.55 s of the 1.7 s a server took to
 * start on a two-core machine, paid again by every CLI command that builds the app, every worker of
 * `serve --workers N` and every restart, for routes most processes never call. Compiling on first
 * use costs that route's first request a few milliseconds instead.
 *
 * The compiled function is kept: every later call is the compiled one, with its `errors` (what
 * Fastify reads after a failed validation) passed on.
 */

interface Compiled {
  (...args: never[]): unknown;
  errors?: unknown;
}

export function compileOnFirstUse<Route, Fn extends Compiled>(compile: (route: Route) => Fn): (route: Route) => Fn {
  return (route) => {
    let compiled: Fn | undefined;
    const onFirstUse = ((...args: Parameters<Fn>) => {
      compiled ??= compile(route);
      const result = compiled(...args);
      onFirstUse.errors = compiled.errors;
      return result;
    }) as Fn;
    return onFirstUse;
  };
}
