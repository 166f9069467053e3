import type { ComponentChildren } from 'preact';
import type { Trouble } from '../api.js';

/** Loading, empty and error states: each says what is happening and what the person can do. */

export function Loading({ what }: { what: string }) {
  return (
    <p class="state state-loading" role="status" data-testid="loading">
      Loading {what}…
    </p>
  );
}

export function Empty({ children, testId }: { children: ComponentChildren; testId?: string }) {
  return (
    <p class="state state-empty" data-testid={testId ?? 'empty'}>
      {children}
    </p>
  );
}

/** The advice that goes with a status, for someone who does not read HTTP. */
function adviceFor(trouble: Trouble): string {
  switch (trouble.status) {
    case 0:
      return 'Check the network connection, then try again.';
    case 400:
      return 'Correct the fields named below and try again.';
    case 401:
      return 'Your session has ended — sign in again.';
    case 403:
      return 'Your sign-in does not allow this. Ask an administrator for access.';
    case 404:
      return 'It may have been removed, or belongs to another organization.';
    case 409:
      return 'Nothing was changed. Choose other dates, another accommodation or another status, then try again.';
    case 429:
      return `Too many requests just now. Wait ${trouble.retryAfter ?? 'a few'} seconds, then try again.`;
    default:
      return trouble.status >= 500 ? 'The service had a problem. Try again in a moment.' : '';
  }
}

export function ErrorBox({
  trouble,
  onRetry,
  children,
}: {
  trouble: Trouble;
  onRetry?: () => void;
  children?: ComponentChildren;
}) {
  const advice = adviceFor(trouble);
  return (
    <div class="error-box" role="alert" data-testid="error" data-status={trouble.status}>
      <p class="error-title">
        <strong>{trouble.title}</strong>
        {trouble.detail ? ` — ${trouble.detail}` : ''}
      </p>
      {trouble.fields.length > 0 && (
        <ul class="error-fields" data-testid="error-fields">
          {trouble.fields.map((field, index) => (
            <li key={`${index}-${field.parameter}`} data-parameter={field.parameter}>
              <code>{field.parameter}</code>: {field.message}
            </li>
          ))}
        </ul>
      )}
      {children}
      {advice && <p class="error-advice">{advice}</p>}
      {onRetry && (
        <button type="button" class="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
