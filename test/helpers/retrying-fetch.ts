/**
 * fetch as an integrator's client (and the SDK) uses it against a real server process: a 503
 * (overloaded, shutting down, or SQLite's write lock held by another process) is tried again after
 * its Retry-After, at most five times; nothing was changed by it. On a loaded test machine a server
 * may shed a request now and then, which is the behaviour SPEC §6 promises, not a failure.
 */
export async function retryingFetch(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    if (response.status !== 503 || attempt === 5) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
  }
}
