import { href } from '../router.js';

/** The pages of Settings (scope admin): access and rules, prices (SPEC §14), calendars (SPEC §16). */
export function SettingsNav({ current }: { current: 'general' | 'prices' | 'calendars' }) {
  const pages = [
    { id: 'general', path: 'settings', label: 'Access, webhooks and stay rules' },
    { id: 'prices', path: 'settings/prices', label: 'Prices' },
    { id: 'calendars', path: 'settings/calendars', label: 'Calendars' },
  ] as const;
  return (
    <nav class="subnav" aria-label="Settings">
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <a
              href={href(page.path)}
              aria-current={current === page.id ? 'page' : undefined}
              data-testid={`settings-nav-${page.id}`}
            >
              {page.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
