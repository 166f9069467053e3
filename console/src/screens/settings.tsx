import { useState } from 'preact/hooks';
import type { CredentialScope, WebhookEndpoint } from '../../../client/index.js';
import { api, troubleOf, type Trouble } from '../api.js';
import { useConfirm } from '../components/confirm.js';
import { Empty, ErrorBox, Loading } from '../components/feedback.js';
import { SecretOnce } from '../components/secret.js';
import { SettingsNav } from '../components/settings-nav.js';
import { useDesk } from '../context.js';
import { formatStamp } from '../dates.js';
import { useLoad } from '../hooks.js';
import { StayRules } from './stay-rules.js';

/**
 * Settings (SPEC §11, scope admin): the organization's API keys and Basic credentials, its
 * webhook endpoints, and its stay rules (SPEC §13, stay-rules.tsx); its prices are the second page
 * (SPEC §14, prices.tsx). Secrets come back once, in the creating response; the page shows them until
 * dismissed and keeps them nowhere else.
 */
export function Settings() {
  return (
    <section aria-labelledby="settings-title" data-testid="settings">
      <div class="screen-head">
        <h1 id="settings-title">Settings</h1>
        <SettingsNav current="general" />
      </div>
      <Credentials />
      <Webhooks />
      <StayRules />
    </section>
  );
}

function Credentials() {
  const { organization, session } = useDesk();
  const list = useLoad(
    (signal) => api.credentials.list({ organization: organization.id }, { signal }),
    [organization.id],
  );
  const [type, setType] = useState<'api-key' | 'basic'>('api-key');
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [scope, setScope] = useState<CredentialScope>('read');
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    try {
      const created = await api.credentials.create({
        organization: organization.id,
        type,
        scope,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(type === 'basic' ? { username: username.trim() } : {}),
      });
      const label = name.trim() || 'the new API key';
      // The username as the service made it: the name asked for, @ and the organization's id.
      setSecret(
        created.type === 'api-key'
          ? { label: `API key for ${label}`, value: created.apiKey }
          : { label: `Password of ${created.username} (the username to sign in with)`, value: created.password },
      );
      setName('');
      setUsername('');
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: number, label: string) => {
    const own = id === session.credential.id;
    const sure = await confirm(
      `Revoke ${label}?`,
      own
        ? 'This is the credential you are signed in with: revoking it signs you out at once.'
        : 'Everything using it stops working at once, and its sessions end. This cannot be undone.',
      'Revoke',
    );
    if (!sure) return;
    setTrouble(null);
    try {
      await api.credentials.revoke(id);
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    }
  };

  return (
    <section class="card" aria-labelledby="credentials-title" data-testid="settings-credentials">
      <h2 id="credentials-title">API keys and sign-ins</h2>
      {list.error && <ErrorBox trouble={list.error} onRetry={list.reload} />}
      {!list.data && !list.error && <Loading what="credentials" />}
      {list.data && list.data.length === 0 && <Empty>No credentials yet.</Empty>}
      {list.data && list.data.length > 0 && (
        <table class="table" data-testid="credentials-table">
          <caption class="visually-hidden">Credentials of {organization.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Key prefix or username</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((credential) => (
              <tr
                key={credential.id}
                data-testid="credential-row"
                data-credential-id={credential.id}
                data-revoked={credential.revoked ? 'true' : 'false'}
                class={credential.revoked ? 'is-revoked' : undefined}
              >
                <td>{credential.name}</td>
                <td>{credential.type === 'api-key' ? 'API key' : 'Sign-in'}</td>
                <td class="mono">{credential.identifier}</td>
                <td>{credential.scopes.join(', ')}</td>
                <td>{formatStamp(credential.created)}</td>
                <td>{credential.lastUsed ? formatStamp(credential.lastUsed) : 'never'}</td>
                <td>
                  {credential.revoked ? (
                    <span class="muted">Revoked {formatStamp(credential.revoked)}</span>
                  ) : (
                    <button
                      type="button"
                      class="button small danger-outline"
                      onClick={() => void revoke(credential.id, credential.name || credential.identifier)}
                      data-testid="credential-revoke"
                    >
                      Revoke<span class="visually-hidden"> {credential.name || credential.identifier}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {trouble && <ErrorBox trouble={trouble} />}
      {secret ? (
        <SecretOnce label={secret.label} value={secret.value} onDone={() => setSecret(null)} />
      ) : (
        <form
          class="inline-form"
          onSubmit={create}
          aria-labelledby="credential-new-title"
          data-testid="credential-form"
        >
          <h3 id="credential-new-title">New credential</h3>
          <div class="field">
            <label for="credential-type">Type</label>
            <select
              id="credential-type"
              value={type}
              onChange={(event) => setType(event.currentTarget.value as 'api-key' | 'basic')}
              data-testid="credential-type"
            >
              <option value="api-key">API key (for integrations)</option>
              <option value="basic">Sign-in with username and password</option>
            </select>
          </div>
          <div class="field">
            <label for="credential-name">Name</label>
            <input
              id="credential-name"
              value={name}
              placeholder="e.g. Channel manager"
              onInput={(event) => setName(event.currentTarget.value)}
              data-testid="credential-name"
            />
          </div>
          {type === 'basic' && (
            <div class="field">
              <label for="credential-username">Username</label>
              <input
                id="credential-username"
                required
                autocomplete="off"
                value={username}
                onInput={(event) => setUsername(event.currentTarget.value)}
                aria-describedby="credential-username-hint"
                data-testid="credential-username"
              />
              <span class="hint" id="credential-username-hint" data-testid="credential-username-hint">
                Signs in as <span class="mono">{`${username.trim() || 'name'}@${organization.id}`}</span>: the
                organization’s id is added after an @.
              </span>
            </div>
          )}
          <div class="field">
            <label for="credential-scope">Scope</label>
            <select
              id="credential-scope"
              value={scope}
              onChange={(event) => setScope(event.currentTarget.value as CredentialScope)}
              data-testid="credential-scope"
            >
              <option value="read">read</option>
              <option value="write">write (read and change)</option>
              <option value="admin">admin (everything, settings included)</option>
            </select>
          </div>
          <button type="submit" class="button primary" disabled={busy} data-testid="credential-create">
            Create
          </button>
        </form>
      )}
      {dialog}
    </section>
  );
}

const EVENT_TYPES: WebhookEndpoint['types'] = [
  'reservation.created',
  'reservation.updated',
  'reservation.cancelled',
  'accommodation.created',
  'accommodation.updated',
  'accommodation.deactivated',
  'block.created',
  'block.updated',
  'block.deleted',
];

function Webhooks() {
  const { organization } = useDesk();
  const list = useLoad((signal) => api.webhooks.list({ organization: organization.id }, { signal }), [organization.id]);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEndpoint['types']>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [dialog, confirm] = useConfirm();

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setTrouble(null);
    try {
      const created = await api.webhooks.create({
        organization: organization.id,
        url: url.trim(),
        ...(types.length ? { types } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      setTypes([]);
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    if (!(await confirm('Delete this webhook endpoint?', `${endpoint.url} will receive no more events.`, 'Delete')))
      return;
    setTrouble(null);
    try {
      await api.webhooks.delete(endpoint.id);
      if (open === endpoint.id) setOpen(null);
      list.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    }
  };

  return (
    <section class="card" aria-labelledby="webhooks-title" data-testid="settings-webhooks">
      <h2 id="webhooks-title">Webhook endpoints</h2>
      {list.error && <ErrorBox trouble={list.error} onRetry={list.reload} />}
      {!list.data && !list.error && <Loading what="webhook endpoints" />}
      {list.data && list.data.length === 0 && <Empty>No webhook endpoints. Add one below to receive events.</Empty>}
      {list.data && list.data.length > 0 && (
        <ul class="endpoint-list" data-testid="webhooks-list">
          {list.data.map((endpoint) => (
            <li key={endpoint.id} data-testid="webhook-row" data-webhook-id={endpoint.id}>
              <div class="endpoint-head">
                <span class="mono endpoint-url">{endpoint.url}</span>
                <span class={`badge ${endpoint.enabled ? 'status-checked-in' : 'status-cancelled'}`}>
                  {endpoint.enabled ? 'Enabled' : `Disabled (${endpoint.disabledReason ?? 'manual'})`}
                </span>
              </div>
              <p class="muted">
                {endpoint.description ? `${endpoint.description} · ` : ''}
                {endpoint.types.length ? endpoint.types.join(', ') : 'all event types'} · created{' '}
                {formatStamp(endpoint.created)}
              </p>
              <div class="row-actions">
                <button
                  type="button"
                  class="button small"
                  aria-expanded={open === endpoint.id}
                  onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                  data-testid="webhook-deliveries-toggle"
                >
                  Deliveries, test and replay
                </button>
                <button
                  type="button"
                  class="button small danger-outline"
                  onClick={() => void remove(endpoint)}
                  data-testid="webhook-delete"
                >
                  Delete<span class="visually-hidden"> {endpoint.url}</span>
                </button>
              </div>
              {open === endpoint.id && <Deliveries endpoint={endpoint} />}
            </li>
          ))}
        </ul>
      )}
      {trouble && <ErrorBox trouble={trouble} />}
      {secret ? (
        <SecretOnce label="Signing secret of the new endpoint" value={secret} onDone={() => setSecret(null)} />
      ) : (
        <form class="inline-form" onSubmit={create} aria-labelledby="webhook-new-title" data-testid="webhook-form">
          <h3 id="webhook-new-title">New endpoint</h3>
          <div class="field wide">
            <label for="webhook-url">URL (https)</label>
            <input
              id="webhook-url"
              type="url"
              required
              placeholder="https://receiver.example/booking-events"
              value={url}
              onInput={(event) => setUrl(event.currentTarget.value)}
              data-testid="webhook-url"
            />
          </div>
          <div class="field">
            <label for="webhook-description">Description</label>
            <input
              id="webhook-description"
              value={description}
              onInput={(event) => setDescription(event.currentTarget.value)}
              data-testid="webhook-description"
            />
          </div>
          <fieldset class="field wide">
            <legend>Event types (none ticked: all)</legend>
            <div class="type-grid">
              {EVENT_TYPES.map((type) => (
                <label key={type} class="checkbox">
                  <input
                    type="checkbox"
                    checked={types.includes(type)}
                    onChange={(event) =>
                      setTypes(event.currentTarget.checked ? [...types, type] : types.filter((t) => t !== type))
                    }
                  />
                  {type}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" class="button primary" disabled={busy} data-testid="webhook-create">
            Add endpoint
          </button>
        </form>
      )}
      {dialog}
    </section>
  );
}

/** One endpoint's delivery log (newest first), a test ping, and replay since a moment. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useLoad((signal) => api.webhooks.deliveries(endpoint.id, { limit: 50 }, { signal }), [endpoint.id]);
  const [message, setMessage] = useState<string | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [since, setSince] = useState(() => new Date(Date.now() - 3_600_000).toISOString().slice(0, 16));
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setTrouble(null);
    setMessage(null);
    try {
      setMessage(await action());
      log.reload();
    } catch (error) {
      setTrouble(troubleOf(error));
    } finally {
      setBusy(false);
    }
  };

  const test = () =>
    run(async () => {
      const result = await api.webhooks.test(endpoint.id);
      return result.delivered
        ? `Test delivered: the receiver answered ${result.statusCode} in ${result.durationMs} ms.`
        : `Test failed: ${result.error ?? `status ${result.statusCode}`} after ${result.durationMs} ms.`;
    });

  const replay = (event: Event) => {
    event.preventDefault();
    // datetime-local is the browser's local time; the API wants an RFC 3339 UTC timestamp with whole seconds.
    const moment = new Date(since);
    if (Number.isNaN(moment.getTime())) return;
    void run(async () => {
      const result = await api.webhooks.replay(endpoint.id, { since: moment.toISOString().replace(/\.\d{3}Z$/, 'Z') });
      return `${result.scheduled} ${result.scheduled === 1 ? 'delivery' : 'deliveries'} scheduled again.`;
    });
  };

  return (
    <div class="deliveries" data-testid="webhook-deliveries">
      <div class="toolbar">
        <button type="button" class="button" disabled={busy} onClick={() => void test()} data-testid="webhook-test">
          Send test event
        </button>
        <form class="inline-form compact" onSubmit={replay}>
          <label for={`replay-since-${endpoint.id}`}>Replay events since</label>
          <input
            id={`replay-since-${endpoint.id}`}
            type="datetime-local"
            required
            value={since}
            onInput={(event) => setSince(event.currentTarget.value)}
            data-testid="webhook-replay-since"
          />
          <button type="submit" class="button" disabled={busy} data-testid="webhook-replay">
            Replay
          </button>
        </form>
        <button type="button" class="button" onClick={log.reload}>
          Refresh log
        </button>
      </div>
      {message && (
        <p class="notice" role="status" data-testid="webhook-message">
          {message}
        </p>
      )}
      {trouble && <ErrorBox trouble={trouble} />}
      {log.error && <ErrorBox trouble={log.error} onRetry={log.reload} />}
      {!log.data && !log.error && <Loading what="deliveries" />}
      {log.data && log.data.length === 0 && <Empty>No deliveries yet. Send a test event to try the endpoint.</Empty>}
      {log.data && log.data.length > 0 && (
        <table class="table compact" data-testid="webhook-delivery-log">
          <caption class="visually-hidden">Deliveries to {endpoint.url}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Attempt</th>
              <th scope="col">Outcome</th>
              <th scope="col">Duration</th>
              <th scope="col">Next attempt</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((attempt) => (
              <tr key={attempt.id} data-status={attempt.status} data-event-id={attempt.eventId}>
                <td>{formatStamp(attempt.attempted)}</td>
                <td>
                  {attempt.eventType} <span class="mono muted">{attempt.eventId}</span>
                </td>
                <td>{attempt.attempt}</td>
                <td>
                  {attempt.status}
                  {attempt.statusCode !== null ? ` (${attempt.statusCode})` : ''}
                  {attempt.error ? ` — ${attempt.error}` : ''}
                </td>
                <td>{attempt.durationMs} ms</td>
                <td>{attempt.nextAttempt ? formatStamp(attempt.nextAttempt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
