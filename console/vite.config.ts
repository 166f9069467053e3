import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The console's build (SPEC §11): Preact through Vite's own JSX transform (oxc; no Babel preset),
 * served by the service at /console/ from dist/console. The page runs under
 * `Content-Security-Policy: default-src 'self'`, so nothing may be inlined: no module-preload
 * polyfill script, no inlined assets (data: URLs are not 'self'), CSS in its own hashed file.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    reportCompressedSize: false,
  },
});
