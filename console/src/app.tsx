import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Organization, Session } from '../../client/index.js';
import { api, credential, troubleOf, whenSessionEnds } from './api.js';
import { DeskContext, useDesk, type Desk } from './context.js';
import { todayIn } from './dates.js';
import { href, navigate, useRoute, type Route } from './router.js';
import { Board } from './screens/board.js';
import { GuestPanel, Guests } from './screens/guests.js';
import { NewReservation } from './screens/new-reservation.js';
import { Prices } from './screens/prices.js';
import { Occupancy } from './screens/occupancy.js';
import { ReservationPanel } from './screens/reservation.js';
import { Search } from './screens/search.js';
import { Settings } from './screens/settings.js';
import { Calendars } from './screens/calendars.js';
import { SignIn } from './screens/signin.js';
import { Today } from './screens/today.js';
import { Loading } from './components/feedback.js';

/** The chosen organization is remembered per browser: an id, nothing secret. */
const ORGANIZATION_KEY = 'booking-console.organization';

type Phase =
  { name: 'checking' } | { name: 'signed-out'; notice: string | null } | { name: 'signed-in'; session: Session };

/**
 * The organizations with their "today". GET /api/organizations says the date in each zone; should
 * it fail, the session's list and the browser's clock in that zone serve instead.
 */
async function organizationsOf(session: Session): Promise<Organization[]> {
  try {
    return await api.organizations.list();
  } catch (error) {
    if (troubleOf(error).status === 401) throw error;
    return session.organizations.map((organization) => ({ ...organization, today: todayIn(organization.timezone) }));
  }
}

export function App() {
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });
  const [organizations, setOrganizations] = useState<Organization[] | null>(null);
  const [organizationId, setOrganizationId] = useState<number | null>(() => {
    const stored = Number(localStorage.getItem(ORGANIZATION_KEY));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const signedIn = useRef(false);

  const start = async (session: Session) => {
    credential.csrfToken = session.csrfToken;
    signedIn.current = true;
    setOrganizations(await organizationsOf(session).catch(() => null));
    setPhase({ name: 'signed-in', session });
  };

  useEffect(() => {
    // A 401 on any request: the session expired, was signed out elsewhere or its credential revoked.
    whenSessionEnds(() => {
      credential.csrfToken = '';
      const wasSignedIn = signedIn.current;
      signedIn.current = false;
      setPhase({ name: 'signed-out', notice: wasSignedIn ? 'Your session has ended — sign in again.' : null });
    });
    api.session
      .get()
      .then(start)
      .catch(() =>
        setPhase((current) => (current.name === 'checking' ? { name: 'signed-out', notice: null } : current)),
      );
  }, []);

  // The date moves on while the page stays open: each organization's today is worked out again in
  // the page, every minute, without a request. A request would keep the session alive, and a screen
  // nobody uses must still be signed out after 30 minutes (SPEC §11).
  useEffect(() => {
    if (phase.name !== 'signed-in') return;
    const timer = setInterval(() => {
      setOrganizations((current) => {
        if (!current) return current;
        const moved = current.map((o) => ({ ...o, today: todayIn(o.timezone) }));
        return moved.some((o, i) => o.today !== current[i]?.today) ? moved : current;
      });
    }, 60_000);
    return () => clearInterval(timer);
  }, [phase]);

  if (phase.name === 'checking') {
    return (
      <main id="main" class="signin">
        <Loading what="the console" />
      </main>
    );
  }
  if (phase.name === 'signed-out')
    return <SignIn notice={phase.notice} onSignedIn={(session) => void start(session)} />;

  const session = phase.session;
  const list =
    organizations ??
    session.organizations.map((organization) => ({ ...organization, today: todayIn(organization.timezone) }));
  const organization = list.find((candidate) => candidate.id === organizationId) ?? list[0];
  if (!organization) {
    return (
      <main id="main" class="signin">
        <p class="error-box" role="alert">
          This sign-in belongs to no organization. Ask an administrator to grant one.
        </p>
      </main>
    );
  }

  const signOut = async () => {
    try {
      await api.session.delete();
    } catch {
      // Signing out of a session that already ended is still signed out.
    }
    credential.csrfToken = '';
    signedIn.current = false;
    setPhase({ name: 'signed-out', notice: 'You are signed out.' });
  };

  const choose = (id: number) => {
    localStorage.setItem(ORGANIZATION_KEY, String(id));
    setOrganizationId(id);
  };

  return (
    <Shell
      session={session}
      organizations={list}
      organization={organization}
      onChoose={choose}
      onSignOut={() => void signOut()}
    />
  );
}

const NAV: { path: string; label: string; admin?: boolean }[] = [
  { path: 'today', label: 'Today' },
  { path: 'board', label: 'Board' },
  { path: 'search', label: 'Reservations' },
  { path: 'guests', label: 'Guests' },
  { path: 'new', label: 'New reservation' },
  { path: 'occupancy', label: 'Occupancy' },
  { path: 'settings', label: 'Settings', admin: true },
];

function Shell({
  session,
  organizations,
  organization,
  onChoose,
  onSignOut,
}: {
  session: Session;
  organizations: Organization[];
  organization: Organization;
  onChoose: (id: number) => void;
  onSignOut: () => void;
}) {
  const route = useRoute();
  const screen = route.path[0] ?? 'today';
  const desk = useMemo<Desk>(
    () => ({
      session,
      organization,
      canWrite: session.credential.scopes.includes('write') || session.credential.scopes.includes('admin'),
      isAdmin: session.credential.scopes.includes('admin'),
    }),
    [session, organization],
  );
  const main = useRef<HTMLElement>(null);
  const firstScreen = useRef(true);
  // A new screen takes the focus to its content, as a page load would; the first one leaves it alone.
  useEffect(() => {
    if (firstScreen.current) firstScreen.current = false;
    else main.current?.focus();
  }, [screen]);
  const [query, setQuery] = useState('');

  return (
    <DeskContext.Provider value={desk}>
      <a class="skip-link" href="#main" onClick={(event) => (event.preventDefault(), main.current?.focus())}>
        Skip to content
      </a>
      <header class="topbar">
        <div class="brand">
          <span class="brand-mark" aria-hidden="true">
            ▦
          </span>
          {organizations.length > 1 ? (
            <label class="org-switch">
              <span class="visually-hidden">Organization</span>
              <select
                value={organization.id}
                onChange={(event) => onChoose(Number(event.currentTarget.value))}
                data-testid="organization-switcher"
              >
                {organizations.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span class="org-name" data-testid="organization-name">
              {organization.name}
            </span>
          )}
        </div>
        <form
          class="topbar-search"
          role="search"
          aria-label="Quick search"
          onSubmit={(event) => {
            event.preventDefault();
            if (query.trim()) navigate('search', { q: query.trim() });
          }}
        >
          <label for="topbar-search-input" class="visually-hidden">
            Search reservations by guest name or number
          </label>
          <input
            id="topbar-search-input"
            type="search"
            placeholder="Guest or reservation number"
            value={query}
            onInput={(event) => setQuery(event.currentTarget.value)}
            data-testid="search-input"
          />
          <button type="submit" class="button">
            Search
          </button>
        </form>
        <div class="who">
          <span class="who-name" data-testid="signed-in-as">
            {session.credential.name || session.credential.username}
          </span>
          <button type="button" class="button" onClick={onSignOut} data-testid="sign-out">
            Sign out
          </button>
        </div>
      </header>
      <nav class="nav" aria-label="Main">
        <ul>
          {NAV.filter((item) => !item.admin || desk.isAdmin).map((item) => (
            <li key={item.path}>
              <a
                href={href(item.path)}
                aria-current={screen === item.path ? 'page' : undefined}
                data-testid={`nav-${item.path}`}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1} class={`screen screen-${screen}`}>
        <Screen route={route} key={organization.id} />
      </main>
    </DeskContext.Provider>
  );
}

function Screen({ route }: { route: Route }) {
  const desk = useDesk();
  const [screen, id] = route.path;
  switch (screen ?? 'today') {
    case 'today':
      return <Today />;
    case 'board':
      return <Board from={route.query.get('from') ?? undefined} />;
    case 'reservations':
      if (id && /^\d+$/.test(id)) return <ReservationPanel id={Number(id)} key={id} />;
      return <Search q={route.query.get('q') ?? ''} />;
    case 'search':
      return <Search q={route.query.get('q') ?? ''} />;
    case 'guests':
      if (id && /^\d+$/.test(id)) return <GuestPanel id={Number(id)} key={id} />;
      return <Guests q={route.query.get('q') ?? ''} offset={Math.max(0, Number(route.query.get('offset')) || 0)} />;
    case 'new':
      return (
        <NewReservation
          accommodation={route.query.get('accommodation') ?? undefined}
          dateFrom={route.query.get('dateFrom') ?? undefined}
          dateTo={route.query.get('dateTo') ?? undefined}
          key={route.query.toString()}
        />
      );
    case 'occupancy':
      return <Occupancy from={route.query.get('from') ?? undefined} to={route.query.get('to') ?? undefined} />;
    case 'settings':
      if (desk.isAdmin) return id === 'prices' ? <Prices /> : id === 'calendars' ? <Calendars /> : <Settings />;
      return <NotFound text="Settings need the admin scope." />;
    default:
      return <NotFound text="There is no such page." />;
  }
}

function NotFound({ text }: { text: string }) {
  return (
    <section aria-labelledby="notfound-title" data-testid="notfound">
      <h1 id="notfound-title">Not here</h1>
      <p>
        {text} Go to <a href={href('today')}>Today</a>.
      </p>
    </section>
  );
}
