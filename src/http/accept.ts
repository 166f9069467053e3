import Negotiator from 'negotiator';
import { AppError } from '../shared/errors.js';

/**
 * JSON is the only representation. A missing Accept or one that admits JSON (`*\/*`,
 * `application/*`, `application/json`) is served; one that rules JSON out gets 406 (SPEC §4).
 */
export function assertAcceptsJson(accept: string | undefined): void {
  if (accept === undefined || accept.trim() === '') return;
  if (new Negotiator({ headers: { accept } }).mediaType(['application/json']) === undefined) {
    throw new AppError('not-acceptable', 'This service answers with application/json only.');
  }
}
