import { afterAll } from 'vitest';
import { closeOpenApps } from '../helpers/open-apps.js';

/**
 * After each file: every app `testApp` built and nothing closed yet (test/helpers/open-apps.ts).
 * Apps whose database a file drops are closed by that drop, earlier: a describe's afterAll runs
 * before the file-level ones registered here. Listed after secrets-never-logged.ts in setupFiles:
 * file-level afterAll hooks run in reverse order of registration (Vitest's default
 * `sequence.hooks: 'stack'`), so the apps are closed, and have logged all they will, before that check.
 */
afterAll(() => closeOpenApps());
