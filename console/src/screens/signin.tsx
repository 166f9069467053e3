import { useState } from 'preact/hooks';
import type { Session } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';

/**
 * Sign-in with a Basic credential's username and password (SPEC §11). The password goes to
 * POST /api/session once and is dropped: the page keeps nothing but the session's CSRF token in
 * memory; the cookie itself is HttpOnly.
 */
export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (session: Session) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    try {
      const session = await api.session.create({ username, password });
      setPassword('');
      onSignedIn(session);
    } catch (error) {
      setTrouble(troubleOf(error));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="signin" id="main">
      <form class="card signin-card" onSubmit={submit} aria-labelledby="signin-title" data-testid="signin-form">
        <h1 id="signin-title">Booking console</h1>
        <p class="hint">Sign in with your username and password.</p>
        {notice && (
          <p class="notice" role="status" data-testid="signin-notice">
            {notice}
          </p>
        )}
        <label for="signin-username">Username</label>
        <input
          id="signin-username"
          name="username"
          autocomplete="username"
          required
          value={username}
          onInput={(event) => setUsername(event.currentTarget.value)}
          data-testid="signin-username"
        />
        <label for="signin-password">Password</label>
        <input
          id="signin-password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
          data-testid="signin-password"
        />
        {trouble && (
          <p class="error-box" role="alert" data-testid="signin-error" data-status={trouble.status}>
            {signInMessage(trouble)}
          </p>
        )}
        <button type="submit" class="button primary" disabled={busy} data-testid="signin-submit">
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

function signInMessage(trouble: Trouble): string {
  switch (trouble.status) {
    case 401:
      return `${trouble.detail || 'The username or password is wrong.'} Check both and try again.`;
    case 403:
      return `${trouble.detail || 'This sign-in may only read.'} The console needs a credential with the write or admin scope.`;
    case 429:
      return trouble.retryAfter === undefined
        ? 'Too many sign-in attempts. Wait a minute before trying again.'
        : `Too many sign-in attempts. Wait ${trouble.retryAfter} ${trouble.retryAfter === 1 ? 'second' : 'seconds'} before trying again.`;
    case 0:
      return 'The service cannot be reached. Check the network connection, then try again.';
    default:
      return `${trouble.title}: ${trouble.detail}`;
  }
}
