import { readFileSync } from 'node:fs';

/**
 * The service's version, from its package.json. Looked up by walking up from this module, because
 * it runs both from src/ (tests) and from dist/src/ (the built service), at different depths.
 */
function packageVersion(): string {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'booking-service' && pkg.version) return pkg.version;
    } catch {
      // No package.json at this level: keep walking up.
    }
    if (dir.pathname === '/') return '0.0.0';
  }
}

export const VERSION = packageVersion();
