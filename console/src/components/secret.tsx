import { useState } from 'preact/hooks';

/**
 * A secret the service shows once (an API key, a password, a webhook signing secret). It stays on
 * screen only until dismissed, is never written to any storage, and can be copied.
 */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div class="secret" role="region" aria-label={label} data-testid="secret">
      <p>
        <strong>{label}.</strong> Copy it now: you will not see this again.
      </p>
      <div class="secret-row">
        <code class="secret-value" data-testid="secret-value">
          {value}
        </code>
        <button type="button" class="button" onClick={copy} data-testid="secret-copy">
          Copy
        </button>
      </div>
      <p class="hint" role="status">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying failed: select and copy it.'
            : ''}
      </p>
      <button type="button" class="button primary" onClick={onDone} data-testid="secret-done">
        I have stored it
      </button>
    </div>
  );
}
