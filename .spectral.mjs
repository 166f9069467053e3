// Spectral ruleset for /openapi.json: the recommended OpenAPI rules and the whole OWASP API
// Security Top 10 ruleset. The suite lints the document the service generates
// (test/contract/openapi-document.test.ts) and fails on any error or warning.
// Each rule turned off below says why; every other rule holds.
import owasp from '@stoplight/spectral-owasp-ruleset';
import { oas } from '@stoplight/spectral-rulesets';

const PUBLIC_PATHS = ['/health', '/ready', '/openapi.json'];
const pointer = (path) => `**#/paths/${path.replaceAll('/', '~1')}`;

export default {
  extends: [
    [oas, 'recommended'],
    [owasp, 'all'],
  ],
  rules: {
    // HTTP Basic is one of the two schemes of the contract (seed document, SPEC §5). Passwords are
    // scrypt-hashed, failures are throttled before any hash runs, and TLS is the deployment's job.
    'owasp:api2:2023-no-http-basic': 'off',
    // Record ids are integers by contract (SPEC §2), and integrators store them as such. Guessing
    // one gains nothing: every record is checked against the credential's organizations, and a
    // foreign id is answered exactly like an unknown one (test/integration/owasp.test.ts, API1).
    'owasp:api1:2023-no-numeric-ids': 'off',
    // The API serves integrators' servers, not browsers on other origins: it sends no CORS headers
    // on purpose, so a browser page elsewhere cannot use a visitor's credentials with it.
    'owasp:api8:2023-define-cors-origin': 'off',
    // RateLimit fields describe a credential's quota. Every response to an authenticated request
    // declares them; the answers given before a credential is known (401, 406) and the public
    // endpoints have no quota to announce. The suite checks that every header a response carries
    // is declared (test/helpers/contract.ts), so a missing declaration cannot hide.
    'owasp:api4:2023-rate-limit': 'off',
    // Free text (guest names, titles, channels) has no pattern to state; its length is limited,
    // which owasp:api4:2023-string-limit still requires of every string.
    'owasp:api4:2023-string-restricted': 'off',
  },
  overrides: [
    {
      // Public by contract (SPEC §4.6): no credential, so no 401, no quota and no 429; no
      // parameters, so no 400.
      files: PUBLIC_PATHS.map(pointer),
      rules: {
        'owasp:api2:2023-read-restricted': 'off',
        'owasp:api8:2023-define-error-responses-401': 'off',
        'owasp:api4:2023-rate-limit-responses-429': 'off',
        'owasp:api8:2023-define-error-validation': 'off',
      },
    },
    {
      // An export feed (SPEC §16): its secret address is the access, as calendar clients (Airbnb,
      // Booking.com, Vrbo) fetch it without credentials; a token that is not one is 404, never 401
      // or 400, so that nothing tells a guessed token from a malformed one. No quota: no 429.
      // (Its braces percent-encoded: Spectral compares the pointer as a URI fragment.)
      files: [pointer('/ical/%7Bfile%7D')],
      rules: {
        'owasp:api2:2023-read-restricted': 'off',
        'owasp:api8:2023-define-error-responses-401': 'off',
        'owasp:api4:2023-rate-limit-responses-429': 'off',
        'owasp:api8:2023-define-error-validation': 'off',
      },
    },
    {
      // The console's sign-in (SPEC §11) is the way to a credential, so it needs none: it checks a
      // password itself, throttled like every failed authentication (401 and 429 are declared).
      // The session itself reads no parameters, so no 400.
      files: [pointer('/api/session')],
      rules: {
        'owasp:api2:2023-write-restricted': 'off',
        'owasp:api8:2023-define-error-validation': 'off',
      },
    },
    {
      // The original's booking flow (SPEC §15): its published client sends a draft's token in the
      // query of its configure and place requests, and cannot be changed. The token opens one draft
      // for at most DRAFT_MINUTES; it is 256 random bits, stored as a hash, and never logged.
      files: [pointer('/api/reservations/%7Bid%7D'), pointer('/api/reservations/%7Bid%7D/place')],
      rules: { 'owasp:api2:2023-no-credentials-in-url': 'off' },
    },
    {
      // The seed document names the path with its trailing slash; both spellings work (SPEC §4).
      files: [pointer('/api/accommodations/'), pointer('/api/guests/')],
      rules: { 'path-keys-no-trailing-slash': 'off' },
    },
    {
      // Unbounded by contract: the accommodations list is not paginated (SPEC §4.1), and summaries
      // hold at most 100 items except for credentials pinned before 2025-04-17, which keep the old
      // unpaginated answer (SPEC §4.3, §4.5); guests are paginated exactly as summaries (SPEC §15).
      files: [pointer('/api/accommodations/'), pointer('/api/reservations/summaries'), pointer('/api/guests/')],
      rules: { 'owasp:api4:2023-array-limit': 'off' },
    },
    {
      // One item per active accommodation (the search, the grid's rows and types) or per block of
      // a period of at most 366 nights, unpaginated by contract (SPEC §13): as long as the list of
      // accommodations.
      files: [pointer('/api/blocks'), pointer('/api/availability/search'), '**#/components/schemas/AvailabilityGrid'],
      rules: { 'owasp:api4:2023-array-limit': 'off' },
    },
  ],
};
