// Generated from GET /openapi.json by openapi-typescript (npm run generate:client-types).
// Do not edit: change the route schemas and generate again.
export interface paths {
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI 3.1 description of the service, generated from its route schemas.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Process is alive
         * @description Liveness: 200 while the process runs, even under overload. No credential.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Database is reachable
         * @description Readiness: 200 when the database answers, else 503 with Retry-After; 503 too once the process is shutting down. No credential.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ical/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An accommodation’s iCalendar feed
         * @description Every night-holding reservation and block made here, from 30 days ago to two years ahead, as all-day events (DTEND the departure). SUMMARY is "Reserved" or "Not available", never personal data. No credential: the token is the access (POST /api/accommodations/{id}/ical-token makes one). Blocks imported from other channels are not in it. ETag and 304.
         */
        get: operations["getIcalFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console session
         * @description With a fresh CSRF token. 401 when the session has ended or the request has none.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in to the console
         * @description With the username and password of a Basic credential of scope write or admin. Sets the session cookie (HttpOnly: the page never reads it). Failed attempts are throttled like any failed authentication.
         */
        post: operations["signIn"];
        /**
         * Sign out of the console
         * @description Ends the session at once; its cookie then gets 401. Needs X-CSRF-Token.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accommodations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accommodations
         * @description Accommodations of one organization ordered by id. Not paginated.
         */
        get: operations["listAccommodations"];
        put?: never;
        /**
         * Create an accommodation
         * @description Needs the write scope. Accepts Idempotency-Key.
         */
        post: operations["createAccommodation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accommodations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One accommodation
         * @description 404 when it does not exist or belongs to an organization the credential is not bound to.
         */
        get: operations["getAccommodation"];
        /**
         * Change an accommodation, sending the whole record
         * @description Needs the write scope. The original service's way to update: every field PATCH may change is required; the same rules, locks and events as PATCH. `organization` cannot change.
         */
        put: operations["replaceAccommodation"];
        post?: never;
        /**
         * Deactivate an accommodation
         * @description Needs the write scope. Sets active=false; the record and its reservations stay.
         */
        delete: operations["deactivateAccommodation"];
        options?: never;
        head?: never;
        /**
         * Change an accommodation
         * @description Needs the write scope. Changes only the fields given.
         */
        patch: operations["updateAccommodation"];
        trace?: never;
    };
    "/api/accommodations/{id}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Free and taken nights
         * @description The nights dateFrom … dateTo − 1, each free or taken by a night-holding reservation or a block.
         */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reservation summaries
         * @description Reservations of one organization whose reference date falls in dateFrom … dateTo (both inclusive), in a total, stable order, paginated with Link and X-Pagination-* headers.
         */
        get: operations["listReservationSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search reservations by number or guest name
         * @description Reservations of one organization whose reservation number starts with `q` or whose guest name contains it, case-insensitive, latest arrival first (dateFrom, then id, descending). Not paginated: at most `limit`.
         */
        get: operations["searchReservations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a reservation, or a draft of the original booking flow
         * @description Needs the write scope. Refused with 409 when any night is held (by a reservation, a block or a live draft). Stay rules do not refuse it: `warnings` lists those it breaks. Without `totalAmount` the stay is priced by its quote (SPEC §14), in the organization’s currency, and refused with 409 and `reasons: ["no-price"]` when a night has no price; a `totalAmount` given stands, in `currency` (default: the organization’s). Accepts Idempotency-Key.
         *
         *     **The original's booking flow (SPEC §15, step 1).** A body `{ "accommodation": { "id": 12 }, "dateFrom", "dateTo" }` (the organization in the query, as the original's client sends it) makes a *draft* instead: it holds the nights at once and answers 201 with its `id` and `token`, priced for 2 adults, expiring `DRAFT_MINUTES` (default 20) after its last change. A stay the stay rules forbid is 409 with `reasons`. Ids may be digit strings, and an `application/x-www-form-urlencoded` body is read as JSON when the request authenticates with an API key or Basic credentials (never a console session). A draft is in no list, summary or event until it is placed; Idempotency-Key is not applied to drafts (a stored response would keep the token).
         */
        post: operations["createReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One reservation summary
         * @description 404 when it does not exist or belongs to an organization the credential is not bound to.
         */
        get: operations["getReservation"];
        /**
         * Change a reservation, sending the whole record; or configure a draft
         * @description Needs the write scope. The original service's way to update: every field PATCH may change is required; the same rules, locks and events as PATCH. `organization` cannot change.
         *
         *     **The original's booking flow (SPEC §15, step 2).** With `?token=` and a body of `ageGroupLines` (`[{ quantity, ageGroupSpecification: { id } }]`) and `supplementOrderLines` (`[{ quantity, supplement: { id } }]`), sets the draft's party and extras and answers the re-priced draft (its `expires` renewed). More persons than the accommodation takes: 409 `capacity`; an unknown age group or supplement: 400 naming the parameter. A wrong or missing token is 404, an expired draft 404, a placed one 409. Ids and quantities may be digit strings; a form-labelled body is read as JSON as for step 1.
         */
        put: operations["replaceReservation"];
        post?: never;
        /**
         * Cancel a reservation
         * @description Needs the write scope. Sets status cancelled and the cancelled timestamp; repeating it is harmless.
         */
        delete: operations["cancelReservation"];
        options?: never;
        head?: never;
        /**
         * Change a reservation
         * @description Needs the write scope. Dates, accommodation, guests, amount, or status along the state machine (409 otherwise).
         */
        patch: operations["updateReservation"];
        trace?: never;
    };
    "/api/reservations/{id}/place": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Place a draft of the original's booking flow
         * @description Needs the write scope. SPEC §15, step 3: the draft becomes a reservation with the draft's id — `confirmed` when `confirmed` is true, else `option`; adults, children and babies counted by the age groups' categories; `guestName` and `name` the first name and surname; `channel` the `source`; `totalAmount` the draft's `orderLinesTotal` (even if prices changed since), its order lines kept (`GET /api/reservations/{id}/order-lines`). Records `reservation.created` and answers 200 with the reservation. A wrong or missing token is 404, as is an expired draft; a placed one is 409. A form-labelled body is read as JSON as for step 1.
         */
        put: operations["placeDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/{id}/order-lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The priced order lines of a reservation
         * @description The lines a reservation placed through the original's booking flow was priced at (SPEC §15), in their order; empty for a reservation made otherwise. 404 as for the reservation.
         */
        get: operations["getReservationOrderLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Blocks of a period
         * @description Blocks holding a night of dateFrom … dateTo (both nights), ordered by dateFrom, id. At most 366 nights.
         */
        get: operations["listBlocks"];
        put?: never;
        /**
         * Block nights
         * @description Needs the write scope. Holds the nights dateFrom … dateTo − 1 of an accommodation: 409 naming the reservation or block that holds one of them. Accepts Idempotency-Key.
         */
        post: operations["createBlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a block
         * @description Needs the write scope. Its nights are free again. Answers the block as it was. An external block: 409.
         */
        delete: operations["deleteBlock"];
        options?: never;
        head?: never;
        /**
         * Move or change a block
         * @description Needs the write scope. Changes only the fields given. An external block changes only with its calendar (409).
         */
        patch: operations["updateBlock"];
        trace?: never;
    };
    "/api/accommodations/{id}/ical-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new address for the accommodation’s feed
         * @description Needs the admin scope. Makes a new secret token (256 bits, stored only as its SHA-256) and answers the feed’s address, shown only here. The previous address stops at once.
         */
        post: operations["rotateIcalToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accommodations/{id}/calendars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The accommodation’s subscribed calendars
         * @description Each with the state of its fetches (lastFetched, lastSuccess, lastError, stale after 24 hours without a success), the events it holds and its conflicts. Ordered by id.
         */
        get: operations["listCalendars"];
        put?: never;
        /**
         * Subscribe to another channel’s feed
         * @description Needs the admin scope. The workers fetch it at once and then every CALENDAR_POLL_SECONDS; its events become external blocks. The URL must be https, without credentials, and not point at a private or local address (400 naming url). 409 beyond 20 calendars per accommodation. Accepts Idempotency-Key.
         */
        post: operations["createCalendar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accommodations/{id}/calendars/{calendarId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unsubscribe
         * @description Needs the admin scope. Removes the calendar and its blocks (their nights are free again). Answers it as it was.
         */
        delete: operations["deleteCalendar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stay-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's stay rules
         * @description Ordered by id.
         */
        get: operations["listStayRules"];
        put?: never;
        /**
         * Add a stay rule
         * @description Needs the admin scope. For stays arriving dateFrom … dateTo of one accommodation, a type, or the whole organization. 409 when a rule of the same scope with an overlapping period already sets one of its fields, or when the organization has 1,000 rules. Accepts Idempotency-Key.
         */
        post: operations["createStayRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stay-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a stay rule
         * @description Needs the admin scope. Answers the rule as it was.
         */
        delete: operations["deleteStayRule"];
        options?: never;
        head?: never;
        /**
         * Change a stay rule
         * @description Needs the admin scope. Changes the fields given; a setting sent as null is no longer set by this rule.
         */
        patch: operations["updateStayRule"];
        trace?: never;
    };
    "/api/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The park at a glance
         * @description For the nights dateFrom … dateTo (at most 366): what holds each active accommodation, and per type how many are free each night.
         */
        get: operations["getAvailabilityGrid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/availability/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which accommodations may be sold for a stay
         * @description Every active accommodation (of the type) once, bookable ones first: each with every reason the stay arriving dateFrom and leaving dateTo cannot be sold.
         */
        get: operations["searchAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/age_group_specifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's age group specifications
         * @description Ordered by id. `accommodation` keeps those that apply to it (its own, its type’s, every accommodation’s); `dateFrom` / `dateTo` those valid on a day of the period.
         */
        get: operations["listAgeGroupSpecifications"];
        put?: never;
        /**
         * Add a age group specification
         * @description Needs the admin scope. Accepts Idempotency-Key. 409 when the organization already keeps 1,000 of them.
         */
        post: operations["createAgeGroupSpecification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/age_group_specifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a age group specification
         * @description Needs the admin scope. Answers the record as it was. 409 while a price component counts persons of this age group.
         */
        delete: operations["deleteAgeGroupSpecification"];
        options?: never;
        head?: never;
        /**
         * Change a age group specification
         * @description Needs the admin scope. Changes the fields given; an optional field sent as null is no longer set.
         */
        patch: operations["updateAgeGroupSpecification"];
        trace?: never;
    };
    "/api/accommodation_price_components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's price components
         * @description Ordered by id. `accommodation` keeps those that apply to it (its own, its type’s, every accommodation’s); `dateFrom` / `dateTo` those valid on a day of the period.
         */
        get: operations["listPriceComponents"];
        put?: never;
        /**
         * Add a price component
         * @description Needs the admin scope. Accepts Idempotency-Key. 409 when the organization already keeps 1,000 of them, or when a rent of the same scope and weekdays prices a night of its period.
         */
        post: operations["createPriceComponent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accommodation_price_components/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a price component
         * @description Needs the admin scope. Answers the record as it was.
         */
        delete: operations["deletePriceComponent"];
        options?: never;
        head?: never;
        /**
         * Change a price component
         * @description Needs the admin scope. Changes the fields given; an optional field sent as null is no longer set.
         */
        patch: operations["updatePriceComponent"];
        trace?: never;
    };
    "/api/supplements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's supplements
         * @description Ordered by id. `accommodation` keeps those that apply to it (its own, its type’s, every accommodation’s); `dateFrom` / `dateTo` those valid on a day of the period.
         */
        get: operations["listSupplements"];
        put?: never;
        /**
         * Add a supplement
         * @description Needs the admin scope. Accepts Idempotency-Key. 409 when the organization already keeps 1,000 of them.
         */
        post: operations["createSupplement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/supplements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a supplement
         * @description Needs the admin scope. Answers the record as it was.
         */
        delete: operations["deleteSupplement"];
        options?: never;
        head?: never;
        /**
         * Change a supplement
         * @description Needs the admin scope. Changes the fields given; an optional field sent as null is no longer set.
         */
        patch: operations["updateSupplement"];
        trace?: never;
    };
    "/api/discount_specifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's discount specifications
         * @description Ordered by id. `accommodation` keeps those that apply to it (its own, its type’s, every accommodation’s); `dateFrom` / `dateTo` those valid on a day of the period.
         */
        get: operations["listDiscountSpecifications"];
        put?: never;
        /**
         * Add a discount specification
         * @description Needs the admin scope. Accepts Idempotency-Key. 409 when the organization already keeps 1,000 of them.
         */
        post: operations["createDiscountSpecification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discount_specifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a discount specification
         * @description Needs the admin scope. Answers the record as it was.
         */
        delete: operations["deleteDiscountSpecification"];
        options?: never;
        head?: never;
        /**
         * Change a discount specification
         * @description Needs the admin scope. Changes the fields given; an optional field sent as null is no longer set.
         */
        patch: operations["updateDiscountSpecification"];
        trace?: never;
    };
    "/api/guests/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List guests
         * @description The organization’s guests by id, paginated exactly as reservation summaries (Link and X-Pagination-* headers, the same defaults and dated rules). Erased guests are listed with their personal fields null.
         */
        get: operations["listGuests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One guest
         * @description An erased guest shows its personal fields null and `erased` set.
         */
        get: operations["getGuest"];
        put?: never;
        post?: never;
        /**
         * Erase a guest (GDPR)
         * @description Needs the admin scope. The guest’s personal fields become null and `erased` is set; each of its reservations shows guestName and name "Erased guest" (recorded as reservation.updated); the name is removed from every kept event (`data` and `previous`), webhook delivery and stored response; records guest.erased. Answers the erased guest; erasing it again changes nothing and answers the same.
         */
        delete: operations["eraseGuest"];
        options?: never;
        head?: never;
        /**
         * Correct a guest
         * @description Needs the write scope. Changes only the fields given (null clears one). 409 for an erased guest, or for an e-mail address another guest of the organization has (the problem names it as `guest`). Reservations keep the name they show.
         */
        patch: operations["updateGuest"];
        trace?: never;
    };
    "/api/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The price of a stay, line by line
         * @description Rent per night, the largest discount, fees and required supplements, chosen supplements, taxes (SPEC §14), with every reason the stay cannot be sold. The lines are shown whenever every night has a price, bookable or not.
         */
        get: operations["getQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accommodations/{id}/quotations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The original service's quotations
         * @description Every sellable stay whose arrival and departure lie in dateFrom … dateTo (at most 62 days), by arrival then nights, each with its total; for 2 adults unless a party is given.
         */
        get: operations["listQuotations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credential’s organizations
         * @description Every organization the credential is bound to, ordered by id, with `today`: the current date in its time zone.
         */
        get: operations["listOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credentials of an organization
         * @description Needs the admin scope. Needs the admin scope. API keys and Basic credentials bound to the organization, newest first, revoked ones included. Never a secret or a hash: a key shows its first characters, a Basic credential its username.
         */
        get: operations["listCredentials"];
        put?: never;
        /**
         * Create an API key or a Basic credential
         * @description Needs the admin scope. Bound to the one organization. The secret (`apiKey`, or `password`) is shown only in this response: only its hash is kept. A Basic credential’s `username` is the name asked for, then @ and the organization’s id (`frontdesk` in organization 12 signs in as `frontdesk@12`), so the name asked for may not contain @ (400). Usernames are unique across the service; qualified, a taken one (409) is always one of the organization’s own, never another organization’s. Does not take Idempotency-Key (400): a replay would have to show the secret again, so it would have to be kept.
         */
        post: operations["createCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credentials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a credential
         * @description Needs the admin scope. Refused from the next request on; it stays listed with its `revoked` time. Repeating it is harmless. 404 unless it is bound to one of the caller’s organizations; 403 when it is also bound to another organization.
         */
        delete: operations["revokeCredential"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changes feed
         * @description Events in commit order, each once. Follow Link rel="next" (present on every response, also an empty one) to resume; `wait` holds an empty answer until an event arrives. A cursor older than what is kept is 410. Without `organization`, every organization of the credential (at most 1,000), merged by time.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook endpoints
         * @description Needs the admin scope. Needs the admin scope. Never the secrets.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Needs the admin scope. It receives the events of its types committed from now on. The secret is shown only in this response. The URL must be https, without credentials, and not resolve to a private address (400 naming url). Accepts Idempotency-Key: a retry with the key answers the endpoint it created as it is now, with its current secret (after a rotation, the new one), or 404 once that endpoint has been deleted.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Needs the admin scope. Needs the admin scope.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Needs the admin scope. With its deliveries and their log.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Needs the admin scope. url, types, description, enabled. Enabled again, it receives the events committed from then on.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new secret for a webhook endpoint
         * @description Needs the admin scope. Shown only in this response; the old secret keeps signing beside it for 24 hours.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a ping event now
         * @description Needs the admin scope. Answers the attempt’s outcome: status code or error class, never the receiver’s body.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of a webhook endpoint
         * @description Needs the admin scope. Needs the admin scope. Every attempt, newest first; pass the last entry’s id as `after` for the next page.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver kept events again
         * @description Needs the admin scope. `{ after }` (a feed cursor) or `{ since, until? }` (timestamps): those events of the endpoint’s types are delivered again, with their own ids.
         */
        post: operations["replayWebhookEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "reservation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reservation.created event
         * @description Sent to the endpoints subscribed to `reservation.created`.
         */
        post: operations["webhook_reservation_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reservation.updated event
         * @description Sent to the endpoints subscribed to `reservation.updated`.
         */
        post: operations["webhook_reservation_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reservation.cancelled event
         * @description Sent to the endpoints subscribed to `reservation.cancelled`.
         */
        post: operations["webhook_reservation_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "accommodation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A accommodation.created event
         * @description Sent to the endpoints subscribed to `accommodation.created`.
         */
        post: operations["webhook_accommodation_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "accommodation.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A accommodation.updated event
         * @description Sent to the endpoints subscribed to `accommodation.updated`.
         */
        post: operations["webhook_accommodation_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "accommodation.deactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A accommodation.deactivated event
         * @description Sent to the endpoints subscribed to `accommodation.deactivated`.
         */
        post: operations["webhook_accommodation_deactivated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "block.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A block.created event
         * @description Sent to the endpoints subscribed to `block.created`.
         */
        post: operations["webhook_block_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "block.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A block.updated event
         * @description Sent to the endpoints subscribed to `block.updated`.
         */
        post: operations["webhook_block_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "block.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A block.deleted event
         * @description Sent to the endpoints subscribed to `block.deleted`.
         */
        post: operations["webhook_block_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "guest.erased": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A guest.erased event
         * @description Sent to the endpoints subscribed to `guest.erased`.
         */
        post: operations["webhook_guest_erased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "calendar.conflict": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A calendar.conflict event
         * @description Sent to the endpoints subscribed to `calendar.conflict`.
         */
        post: operations["webhook_calendar_conflict"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test delivery
         * @description Sent to the endpoints subscribed to `ping`.
         */
        post: operations["webhook_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description RFC 9457 problem details (application/problem+json)
         * @example {
         *       "type": "urn:booking-service:problem:forbidden",
         *       "title": "Forbidden",
         *       "status": 403,
         *       "detail": "This credential has no access to organization 7."
         *     }
         */
        Problem: {
            /**
             * Format: uri
             * @example urn:booking-service:problem:invalid-input
             */
            type: string;
            /** @description The HTTP status text */
            title: string;
            /** Format: int32 */
            status: number;
            /** @description What went wrong, for a person to read */
            detail: string;
            /** @description Every broken parameter (400 only) */
            errors?: {
                /** @description Name or path of the parameter, e.g. accommodation.id */
                parameter: string;
                message: string;
            }[];
        };
        /**
         * @description The read model of a reservation (SPEC §2)
         * @example {
         *       "id": 4711,
         *       "reservationNumber": "DH-2025-00412",
         *       "organization": 1,
         *       "accommodation": {
         *         "id": 12,
         *         "title": "Chalet Heide 12"
         *       },
         *       "status": "confirmed",
         *       "dateFrom": "2025-07-14",
         *       "dateTo": "2025-07-21",
         *       "nights": 7,
         *       "adults": 2,
         *       "children": 1,
         *       "babies": 0,
         *       "guestName": "Anna de Vries",
         *       "name": "Anna de Vries",
         *       "guest": null,
         *       "totalAmount": "875.00",
         *       "currency": "EUR",
         *       "channel": "website",
         *       "created": "2025-01-20T14:03:11Z",
         *       "modified": "2025-02-02T09:12:45Z",
         *       "cancelled": null
         *     }
         */
        ReservationSummary: {
            /** Format: int32 */
            id: number;
            /** @description Human reference, unique per organization */
            reservationNumber: string;
            /** Format: int32 */
            organization: number;
            accommodation: {
                /** Format: int32 */
                id: number;
                title: string;
            };
            /**
             * @description Reservation state (SPEC §3)
             * @enum {unknown}
             */
            status: "option" | "confirmed" | "checked-in" | "checked-out" | "cancelled" | "no-show";
            /**
             * Format: date
             * @description Arrival day
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Departure day
             * @example 2025-07-14
             */
            dateTo: string;
            /**
             * Format: int32
             * @description dateTo − dateFrom in days
             */
            nights: number;
            /** Format: int32 */
            adults: number;
            /** Format: int32 */
            children: number;
            /** Format: int32 */
            babies: number;
            /** @description Main booker, as displayed */
            guestName: string;
            /** @description The same text as guestName: the field the original service's published client reads (`$reservation->name`) */
            name: string;
            /** @description The guest record (SPEC §15) when there is one */
            guest: number | null;
            /** @example 412.50 */
            totalAmount: string;
            /**
             * @description ISO 4217 code, e.g. EUR
             * @example EUR
             */
            currency: string;
            /**
             * @example website
             * @example booking.com
             */
            channel: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
            cancelled: string | null;
        };
        /** @description A created reservation, with the stay rules it breaks */
        CreatedReservation: {
            /** Format: int32 */
            id: number;
            /** @description Human reference, unique per organization */
            reservationNumber: string;
            /** Format: int32 */
            organization: number;
            accommodation: {
                /** Format: int32 */
                id: number;
                title: string;
            };
            /**
             * @description Reservation state (SPEC §3)
             * @enum {unknown}
             */
            status: "option" | "confirmed" | "checked-in" | "checked-out" | "cancelled" | "no-show";
            /**
             * Format: date
             * @description Arrival day
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Departure day
             * @example 2025-07-14
             */
            dateTo: string;
            /**
             * Format: int32
             * @description dateTo − dateFrom in days
             */
            nights: number;
            /** Format: int32 */
            adults: number;
            /** Format: int32 */
            children: number;
            /** Format: int32 */
            babies: number;
            /** @description Main booker, as displayed */
            guestName: string;
            /** @description The same text as guestName: the field the original service's published client reads (`$reservation->name`) */
            name: string;
            /** @description The guest record (SPEC §15) when there is one */
            guest: number | null;
            /** @example 412.50 */
            totalAmount: string;
            /**
             * @description ISO 4217 code, e.g. EUR
             * @example EUR
             */
            currency: string;
            /**
             * @example website
             * @example booking.com
             */
            channel: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
            cancelled: string | null;
            /** @description The stay rules this stay breaks: it was recorded all the same (SPEC §13) */
            warnings: {
                /** @enum {unknown} */
                rule: "min-nights" | "max-nights" | "arrival-day" | "departure-day" | "closed-to-arrival" | "closed-to-departure" | "too-soon" | "too-far" | "not-bookable";
                detail: string;
            }[];
        };
        /**
         * @description A bookable unit of an organization (SPEC §2)
         * @example {
         *       "id": 12,
         *       "organization": 1,
         *       "title": "Chalet Heide 12",
         *       "type": "chalet",
         *       "maxPersons": 6,
         *       "bedrooms": 3,
         *       "active": true,
         *       "created": "2024-11-02T10:00:00Z",
         *       "modified": "2025-03-15T08:30:00Z"
         *     }
         */
        Accommodation: {
            /** Format: int32 */
            id: number;
            /**
             * Format: int32
             * @description Owning organization id
             */
            organization: number;
            title: string;
            /** @description chalet, bungalow, pitch, apartment, room, tent, … (free text) */
            type: string;
            /** Format: int32 */
            maxPersons: number;
            bedrooms: number | null;
            active: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /** @description The nights of a period, each free or taken */
        Availability: {
            /** Format: int32 */
            accommodation: number;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateTo: string;
            /** @description Every night of the period is free */
            available: boolean;
            nights: {
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD
                 * @example 2025-07-14
                 */
                date: string;
                /** @enum {unknown} */
                status: "free" | "taken";
                /** @description The reservation holding a taken night */
                reservation: number | null;
                /** @description The block holding a taken night (SPEC §13) */
                block: number | null;
            }[];
        };
        /**
         * @description Nights of an accommodation held without a reservation (SPEC §13)
         * @example {
         *       "id": 3,
         *       "organization": 1,
         *       "accommodation": 12,
         *       "dateFrom": "2027-03-01",
         *       "dateTo": "2027-03-04",
         *       "kind": "maintenance",
         *       "note": "New roof",
         *       "calendar": null,
         *       "created": "2027-01-10T09:00:00Z",
         *       "modified": "2027-01-10T09:00:00Z"
         *     }
         */
        Block: {
            /** Format: int32 */
            id: number;
            /**
             * Format: int32
             * @description Owning organization id
             */
            organization: number;
            /** Format: int32 */
            accommodation: number;
            /**
             * Format: date
             * @description The first night held
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description The day after the last night held (as a departure day)
             * @example 2025-07-14
             */
            dateTo: string;
            /** @enum {unknown} */
            kind: "maintenance" | "owner" | "closed" | "external";
            note: string | null;
            /** @description The subscribed calendar of an external block */
            calendar: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /** @description An accommodation’s iCalendar export feed (SPEC §16): the previous address stops at once */
        IcalFeed: {
            /** Format: int32 */
            accommodation: number;
            /** @description The feed’s address, shown only here: the token in it is the only access */
            url: string;
            /** @description The same address relative to the service */
            path: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
        };
        CalendarConflict: {
            /** @description The event’s UID in the feed */
            uid: string;
            /**
             * Format: date
             * @description The event’s first night
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description The day after its last night
             * @example 2025-07-14
             */
            dateTo: string;
            /** @description What holds the nights here: a reservation, a block, or a draft of the booking flow (SPEC §15; it clears at the first fetch after the draft expires) */
            heldBy: {
                /** @enum {unknown} */
                kind: "reservation" | "block" | "draft";
                /** Format: int32 */
                id: number;
            };
        };
        /**
         * @description A subscription of an accommodation to another channel’s iCalendar feed (SPEC §16)
         * @example {
         *       "id": 2,
         *       "organization": 1,
         *       "accommodation": 12,
         *       "name": "Airbnb",
         *       "url": "https://www.airbnb.com/calendar/ical/123.ics?s=…",
         *       "created": "2027-01-10T09:00:00Z",
         *       "modified": "2027-01-10T09:00:00Z",
         *       "lastFetched": "2027-01-10T09:15:00Z",
         *       "lastSuccess": "2027-01-10T09:15:00Z",
         *       "lastError": null,
         *       "stale": false,
         *       "events": 3,
         *       "conflicts": []
         *     }
         */
        Calendar: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** Format: int32 */
            accommodation: number;
            name: string;
            url: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
            /** @description The last fetch, whatever its outcome */
            lastFetched: string | null;
            /** @description The last fetch that read the feed (or 304) */
            lastSuccess: string | null;
            /** @description Why the last fetch failed (null when it succeeded): an HTTP status or an error class */
            lastError: string | null;
            /** @description No success for 24 hours (since its creation when it never had one) */
            stale: boolean;
            /**
             * Format: int32
             * @description Events of the feed that hold nights, as last read
             */
            events: number;
            /** @description Events over nights already held here: not stored as blocks */
            conflicts: components["schemas"]["CalendarConflict"][];
        };
        /** @description An imported event over nights already held here (SPEC §16), recorded once */
        CalendarConflictEvent: {
            /**
             * Format: int32
             * @description The calendar
             */
            id: number;
            /** Format: int32 */
            organization: number;
            /** Format: int32 */
            accommodation: number;
            /** @description The calendar’s name */
            name: string;
            /** @description The event’s UID in the feed */
            uid: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateTo: string;
            /** @description What holds the nights here: a reservation, a block, or a draft of the booking flow (SPEC §15; it clears at the first fetch after the draft expires) */
            heldBy: {
                /** @enum {unknown} */
                kind: "reservation" | "block" | "draft";
                /** Format: int32 */
                id: number;
            };
        };
        /** @description Which stays arriving in a period may be sold (SPEC §13). A null field is not set by this rule: a less specific rule or the default decides it. */
        StayRule: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** @description The one accommodation it applies to */
            accommodation: number | null;
            /** @description Every accommodation of this type; with neither, the whole organization */
            type: string | null;
            /**
             * Format: date
             * @description First arrival day it applies to
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Last arrival day it applies to
             * @example 2025-07-14
             */
            dateTo: string;
            minNights: number | null;
            maxNights: number | null;
            arrivalDays: number[] | null;
            departureDays: number[] | null;
            closedToArrival: string[] | null;
            closedToDeparture: string[] | null;
            minDaysBeforeArrival: number | null;
            maxDaysBeforeArrival: number | null;
            bookable: boolean | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /**
         * @description A guest record (SPEC §15); its personal fields are null once erased
         * @example {
         *       "id": 7,
         *       "organization": 1,
         *       "firstName": "Anna",
         *       "surname": "de Vries",
         *       "email": "anna@example.com",
         *       "phoneNumber": "+31 6 12345678",
         *       "address": "Dorpsstraat",
         *       "addressNo": "12a",
         *       "postalCode": "1234 AB",
         *       "locality": "Ede",
         *       "country": "NL",
         *       "locale": "nl",
         *       "created": "2027-01-10T09:00:00Z",
         *       "modified": "2027-01-10T09:00:00Z",
         *       "erased": null
         *     }
         */
        Guest: {
            /** Format: int32 */
            id: number;
            /**
             * Format: int32
             * @description Owning organization id
             */
            organization: number;
            firstName: string | null;
            surname: string | null;
            email: string | null;
            phoneNumber: string | null;
            address: string | null;
            addressNo: string | null;
            postalCode: string | null;
            locality: string | null;
            country: string | null;
            locale: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
            erased: string | null;
        };
        /** @description Whom a party counts (SPEC §14): a person of minAge … maxAge years is in this group */
        AgeGroupSpecification: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** @description Printed on the order line */
            description: string;
            /** Format: int32 */
            minAge: number;
            /** Format: int32 */
            maxAge: number;
            /**
             * @description The adults, children or babies of a search count here
             * @enum {unknown}
             */
            category: "adult" | "child" | "baby";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /** @description A rent, fee or tax (SPEC §14). Validity: nights for night and person-night bases, arrival days for the others. */
        PriceComponent: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** @description Printed on the order line */
            description: string;
            /** @enum {unknown} */
            kind: "rent" | "fee" | "tax";
            /**
             * @description What one unit is: a night, the stay, a person for a night, a person for the stay
             * @enum {unknown}
             */
            basis: "night" | "stay" | "person-night" | "person-stay";
            /**
             * @description decimal amount, e.g. 412.50
             * @example 412.50
             */
            amount: string;
            /**
             * Format: date
             * @description First night (or arrival day) it prices
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Last night (or arrival day) it prices, inclusive
             * @example 2025-07-14
             */
            dateTo: string;
            accommodation: (number | null) | null;
            type: (string | null) | null;
            weekdays: number[] | null;
            ageGroups: number[] | null;
            maxNights: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /** @description An extra (SPEC §14): required ones are on every quote, others when chosen (at most maxQuantity) */
        Supplement: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** @description Printed on the order line */
            description: string;
            /**
             * @description What one unit is: a night, the stay, a person for a night, a person for the stay
             * @enum {unknown}
             */
            basis: "night" | "stay" | "person-night" | "person-stay";
            /**
             * @description decimal amount, e.g. 412.50
             * @example 412.50
             */
            amount: string;
            /** @description On every quote; default false */
            required: boolean;
            /**
             * Format: int32
             * @description Most a quote may choose; default 1
             */
            maxQuantity: number;
            accommodation: (number | null) | null;
            type: (string | null) | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /** @description A percentage off the rent (SPEC §14): the single largest that applies to a stay is given */
        DiscountSpecification: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** @description Printed on the order line */
            description: string;
            /** @enum {unknown} */
            kind: "long-stay" | "early-booking" | "last-minute";
            /**
             * @description Percent of the rent, at most two decimals
             * @example 12.5
             */
            percent: number;
            /**
             * Format: date
             * @description First arrival day it applies to
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Last arrival day it applies to
             * @example 2025-07-14
             */
            dateTo: string;
            accommodation: (number | null) | null;
            type: (string | null) | null;
            minNights: number | null;
            minDaysBeforeArrival: number | null;
            maxDaysBeforeArrival: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            modified: string;
        };
        /** @description The priced order lines of a stay (SPEC §14) */
        Quote: {
            /** Format: int32 */
            accommodation: number;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateTo: string;
            /** Format: int32 */
            nights: number;
            bookable: boolean;
            /** @description Every reason the stay cannot be sold (SPEC §13) */
            reasons: ("taken" | "blocked" | "capacity" | "min-nights" | "max-nights" | "arrival-day" | "departure-day" | "closed-to-arrival" | "closed-to-departure" | "too-soon" | "too-far" | "not-bookable" | "no-price")[];
            /** @description Rent, discount, fees and supplements, taxes */
            orderLines: components["schemas"]["OrderLine"][];
            /** @description The sum of the lines; null when a night has no price (`no-price`) */
            orderLinesTotal: string | null;
            /**
             * @description ISO 4217 code, e.g. EUR
             * @example EUR
             */
            currency: string;
        };
        /** @description One priced line of a quote (SPEC §14) */
        OrderLine: {
            description: string;
            /** @enum {unknown} */
            kind: "rent" | "discount" | "fee" | "supplement" | "tax";
            /**
             * Format: int32
             * @description Nights, persons, person-nights or units, as the basis counts
             */
            quantity: number;
            /** @example 412.50 */
            unitAmount: string;
            /**
             * @description quantity × unitAmount, exactly
             * @example 412.50
             */
            amount: string;
        };
        /** @description One sellable stay and its price, as the original service lists them (SPEC §14) */
        Quotation: {
            /**
             * Format: date
             * @description Arrival day
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Departure day
             * @example 2025-07-14
             */
            dateTo: string;
            /** Format: int32 */
            nights: number;
            /** @example 412.50 */
            orderLinesTotal: string;
            /**
             * @description ISO 4217 code, e.g. EUR
             * @example EUR
             */
            currency: string;
        };
        /** @description A draft of the original's booking flow (SPEC §15): not a reservation yet, in no list, summary or event until placed */
        Draft: {
            /**
             * Format: int32
             * @description The draft’s id: the placed reservation keeps it
             */
            id: number;
            /**
             * @description The secret that alone opens the draft (≥ 128 bits); stored only as a hash
             * @example Ydq5yq3hC0V6cWf0lX7bq3l7rJ4m2u9qk8mZ0fWm1xE
             */
            token: string;
            /** @enum {string} */
            status: "draft";
            accommodation: {
                /** Format: int32 */
                id: number;
                title: string;
            };
            /**
             * Format: date
             * @description Arrival day
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Departure day
             * @example 2025-07-14
             */
            dateTo: string;
            /**
             * Format: date-time
             * @description When it stops holding the nights: DRAFT_MINUTES after its last change
             * @example 2025-01-20T14:03:11Z
             */
            expires: string;
            orderLines: components["schemas"]["OrderLine"][];
            /**
             * @description The price it is placed at
             * @example 412.50
             */
            orderLinesTotal: string;
            /**
             * @description ISO 4217 code, e.g. EUR
             * @example EUR
             */
            currency: string;
        };
        /** @description The original's booking flow, step 1 (SPEC §15): a draft that holds the nights. Told apart from a reservation's POST by `accommodation` being an object. */
        CreateDraft: {
            accommodation: {
                /** @description Record id: an integer, or its decimal digits as the original client sends it */
                id: number | string;
            };
            /**
             * @description Arrival day: a calendar date YYYY-MM-DD, or an RFC 3339 timestamp whose date as written is the day
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * @description Departure day: a calendar date YYYY-MM-DD, or an RFC 3339 timestamp whose date as written is the day
             * @example 2025-07-14
             */
            dateTo: string;
        };
        /** @description The original's booking flow, step 2 (SPEC §15), sent to PUT /api/reservations/{id}?token=: told apart from a reservation's PUT by the token. */
        ConfigureDraft: {
            /** @description Persons by age group; replaces the party (default 2 adults) */
            ageGroupLines?: {
                /** @description 0 to 1000: an integer, or its decimal digits as the original client sends it */
                quantity: number | string;
                ageGroupSpecification: {
                    /** @description Record id: an integer, or its decimal digits as the original client sends it */
                    id: number | string;
                };
            }[];
            /** @description Chosen supplements; replaces the choice */
            supplementOrderLines?: {
                /** @description 0 to 1000: an integer, or its decimal digits as the original client sends it */
                quantity: number | string;
                supplement: {
                    /** @description Record id: an integer, or its decimal digits as the original client sends it */
                    id: number | string;
                };
            }[];
        };
        /** @description The original's booking flow, step 3 (SPEC §15): the guest, the source, and whether it is confirmed. */
        PlaceDraft: {
            /** @description The guest; an empty field is one not given */
            guest: {
                /** @description firstName, or empty */
                firstName?: string;
                /** @description surname, or empty */
                surname?: string;
                /** @description E-mail address, or empty */
                email?: string;
                /** @description phoneNumber, or empty */
                phoneNumber?: string;
                /** @description address, or empty */
                address?: string;
                /** @description addressNo, or empty */
                addressNo?: string;
                /** @description postalCode, or empty */
                postalCode?: string;
                /** @description locality, or empty */
                locality?: string;
                /** @description country, or empty */
                country?: string;
                /** @description locale, or empty */
                locale?: string;
            };
            /** @description Where it was booked: the reservation’s channel (default api) */
            source?: string;
            /** @description true: confirmed; otherwise an option */
            confirmed?: boolean;
        };
        /** @description The park at a glance: what holds each active accommodation, and how many are free per night (SPEC §13) */
        AvailabilityGrid: {
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateFrom: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD
             * @example 2025-07-14
             */
            dateTo: string;
            accommodations: {
                /** Format: int32 */
                id: number;
                title: string;
                type: string;
                /** Format: int32 */
                maxPersons: number;
                held: {
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description A departure day: the day after the last night held
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    /**
                     * @description A reservation, a block, or a draft: a booking in progress (SPEC §15) that holds the nights until it is placed or expires
                     * @enum {unknown}
                     */
                    kind: "reservation" | "block" | "draft";
                    /** Format: int32 */
                    id: number;
                }[];
            }[];
            types: {
                type: string;
                /** Format: int32 */
                total: number;
                /** @description Accommodations free, night by night */
                free: number[];
            }[];
        };
        /** @description One accommodation for one stay (SPEC §13) */
        AvailabilitySearchResult: {
            accommodation: {
                /** Format: int32 */
                id: number;
                title: string;
                type: string;
                /** Format: int32 */
                maxPersons: number;
            };
            bookable: boolean;
            /** @description Every reason the stay cannot be sold */
            reasons: ("taken" | "blocked" | "capacity" | "min-nights" | "max-nights" | "arrival-day" | "departure-day" | "closed-to-arrival" | "closed-to-departure" | "too-soon" | "too-far" | "not-bookable" | "no-price")[];
            /** @description The quote (SPEC §14); null when not bookable */
            orderLinesTotal: string | null;
            currency: string | null;
        };
        /** @description One change of a reservation, an accommodation, a block or a guest, or a calendar’s conflict (SPEC §10, §13, §15, §16) */
        Event: {
            /** @description evt_ + a ULID */
            id: string;
            /** @enum {unknown} */
            type: "reservation.created" | "reservation.updated" | "reservation.cancelled" | "accommodation.created" | "accommodation.updated" | "accommodation.deactivated" | "block.created" | "block.updated" | "block.deleted" | "guest.erased" | "calendar.conflict";
            /** Format: int32 */
            organization: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            occurred: string;
            resource: {
                /** @enum {unknown} */
                type: "reservation" | "accommodation" | "block" | "guest" | "calendar";
                /** Format: int32 */
                id: number;
                /**
                 * Format: int32
                 * @description Grows by one with every change of the record
                 */
                version: number;
            };
            /** @description The whole record after the change (for calendar.conflict: the conflict and its calendar) */
            data: components["schemas"]["ReservationSummary"] | components["schemas"]["Accommodation"] | components["schemas"]["Block"] | components["schemas"]["Guest"] | components["schemas"]["CalendarConflictEvent"];
            /** @description For *.updated and *.cancelled: the fields that changed */
            changes?: string[];
            /** @description The values of `changes` before the change */
            previous?: {
                [key: string]: unknown;
            };
        };
        /** @description A test delivery (POST …/test) */
        PingEvent: {
            id: string;
            /** @enum {string} */
            type: "ping";
            /** Format: int32 */
            organization: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            occurred: string;
        };
        /** @description A receiver of events (SPEC §10) */
        WebhookEndpoint: {
            /** Format: int32 */
            id: number;
            /** Format: int32 */
            organization: number;
            /** @example https://receiver.example/booking-events */
            url: string;
            description: string | null;
            types: ("reservation.created" | "reservation.updated" | "reservation.cancelled" | "accommodation.created" | "accommodation.updated" | "accommodation.deactivated" | "block.created" | "block.updated" | "block.deleted" | "guest.erased" | "calendar.conflict")[];
            enabled: boolean;
            /** @description gone: the receiver answered 410; failing: 5 days of failures; manual: disabled by PATCH */
            disabledReason: ("gone" | "failing" | "manual") | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
        };
        /** @description One attempt of a delivery */
        WebhookDeliveryAttempt: {
            /** Format: int32 */
            id: number;
            eventId: string;
            eventType: string;
            /** Format: int32 */
            attempt: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            attempted: string;
            /** @enum {unknown} */
            status: "delivered" | "pending" | "failed";
            statusCode: number | null;
            error: string | null;
            /** Format: int32 */
            durationMs: number;
            nextAttempt: string | null;
        };
        /**
         * @description An organization the credential is bound to (SPEC §1)
         * @example {
         *       "id": 1,
         *       "name": "Duinhoeve Holiday Park",
         *       "timezone": "Europe/Amsterdam",
         *       "today": "2025-07-14",
         *       "currency": "EUR"
         *     }
         */
        Organization: {
            /** Format: int32 */
            id: number;
            name: string;
            /** @description IANA time zone, e.g. Europe/Amsterdam */
            timezone: string;
            /**
             * Format: date
             * @description The current calendar date in the organization’s time zone
             * @example 2025-07-14
             */
            today: string;
            /**
             * @description Every amount of its prices is in it (SPEC §14)
             * @example EUR
             */
            currency: string;
        };
        /**
         * @description An API key or a Basic credential, without its secret (SPEC §5)
         * @example {
         *       "id": 7,
         *       "name": "Channel manager",
         *       "type": "api-key",
         *       "identifier": "bk_4fQx9a…",
         *       "organizations": [
         *         1
         *       ],
         *       "scopes": [
         *         "read",
         *         "write"
         *       ],
         *       "compatibilityDate": null,
         *       "created": "2025-01-20T14:03:11Z",
         *       "lastUsed": "2025-02-02T09:12:00Z",
         *       "revoked": null
         *     }
         */
        Credential: {
            /** Format: int32 */
            id: number;
            name: string;
            /**
             * @description api-key: sent as X-Api-Key; basic: a username and password for HTTP Basic (and the console)
             * @enum {unknown}
             */
            type: "api-key" | "basic";
            /** @description The first characters of an API key (bk_ and six more, then …), or the username; never a secret */
            identifier: string;
            /** @description Its organizations that the caller is bound to as well (never the others’ ids) */
            organizations: number[];
            /** @description What it may do: read; read and write; or read, write and admin */
            scopes: ("read" | "write" | "admin")[];
            /** @description The date whose rules apply to it (SPEC §4.5); null: the rules of the day of each request */
            compatibilityDate: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with whole seconds
             * @example 2025-01-20T14:03:11Z
             */
            created: string;
            /** @description Last accepted, to the minute; null: never */
            lastUsed: string | null;
            /** @description When it was revoked; null: in force */
            revoked: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "ready";
                    };
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "ready";
                    };
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcalFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed (RFC 5545), text/calendar; charset=utf-8 */
            200: {
                headers: {
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credential: {
                            /** Format: int32 */
                            id: number;
                            name: string;
                            username: string;
                            scopes: ("read" | "write" | "admin")[];
                        };
                        organizations: {
                            /** Format: int32 */
                            id: number;
                            name: string;
                            /** @description IANA time zone */
                            timezone: string;
                            /**
                             * @description ISO 4217 code, e.g. EUR
                             * @example EUR
                             */
                            currency: string;
                        }[];
                        /** @description Send it as X-CSRF-Token with every change made with this session */
                        csrfToken: string;
                        /**
                         * Format: date-time
                         * @description The session ends then at the latest (12 hours after sign-in)
                         * @example 2025-01-20T14:03:11Z
                         */
                        expires: string;
                        /**
                         * Format: date-time
                         * @description The session ends then unless used before (30 minutes idle)
                         * @example 2025-01-20T14:03:11Z
                         */
                        idleExpires: string;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The new session */
            200: {
                headers: {
                    /** @description The console session: `__Host-booking-session`, HttpOnly, Secure, SameSite=Strict, Path=/ */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credential: {
                            /** Format: int32 */
                            id: number;
                            name: string;
                            username: string;
                            scopes: ("read" | "write" | "admin")[];
                        };
                        organizations: {
                            /** Format: int32 */
                            id: number;
                            name: string;
                            /** @description IANA time zone */
                            timezone: string;
                            /**
                             * @description ISO 4217 code, e.g. EUR
                             * @example EUR
                             */
                            currency: string;
                        }[];
                        /** @description Send it as X-CSRF-Token with every change made with this session */
                        csrfToken: string;
                        /**
                         * Format: date-time
                         * @description The session ends then at the latest (12 hours after sign-in)
                         * @example 2025-01-20T14:03:11Z
                         */
                        expires: string;
                        /**
                         * Format: date-time
                         * @description The session ends then unless used before (30 minutes idle)
                         * @example 2025-01-20T14:03:11Z
                         */
                        idleExpires: string;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Wrong username or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential may not sign in to the console (it needs the write or admin scope) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed sign-ins; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        signedOut: true;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAccommodations: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
                /** @description Include deactivated accommodations */
                includeInactive?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accommodations, ordered by id */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAccommodation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    title: string;
                    /** @description chalet, bungalow, pitch, apartment, room, tent, … */
                    type: string;
                    /** Format: int32 */
                    maxPersons: number;
                    bedrooms?: number | null;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The created accommodation */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccommodation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accommodation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceAccommodation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    /** @description chalet, bungalow, pitch, apartment, room, tent, … */
                    type: string;
                    /** Format: int32 */
                    maxPersons: number;
                    bedrooms: number | null;
                    active: boolean;
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                };
            };
        };
        responses: {
            /** @description The changed accommodation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deactivateAccommodation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deactivated accommodation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAccommodation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @description chalet, bungalow, pitch, apartment, room, tent, … */
                    type?: string;
                    /** Format: int32 */
                    maxPersons?: number;
                    bedrooms?: number | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The changed accommodation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAvailability: {
        parameters: {
            query: {
                /**
                 * @description First night
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description Departure day: the last night is the day before
                 * @example 2025-07-14
                 */
                dateTo: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each night of the period */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listReservationSummaries: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Start of the period (inclusive): a calendar date YYYY-MM-DD, or an RFC 3339 timestamp whose date as written is the date */
                dateFrom: string;
                /** @description End of the period (inclusive): a calendar date YYYY-MM-DD, or an RFC 3339 timestamp whose date as written is the date */
                dateTo: string;
                /** @description Which date of a reservation must fall in the period; default date-from */
                referenceDate?: "date-from" | "date-to" | "stay" | "created" | "modified" | "cancelled";
                /** @description Page size; default 100 */
                limit?: number;
                /** @description Zero-based position of the first item; default 0 */
                offset?: number;
                /**
                 * @description Comma-separated states: option, confirmed, checked-in, checked-out, cancelled, no-show
                 * @example confirmed,checked-in
                 */
                status?: string;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of summaries */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Related pages in the order next, last, prev, first: `<URL>; rel="name"` joined by `, ` */
                    Link?: string;
                    /** @description Offset of the next page (the same value as in Link) */
                    "X-Pagination-Next"?: number;
                    /** @description Offset of the last page (the same value as in Link) */
                    "X-Pagination-Last"?: number;
                    /** @description Offset of the previous page (the same value as in Link) */
                    "X-Pagination-Prev"?: number;
                    /** @description Offset of the first page (the same value as in Link) */
                    "X-Pagination-First"?: number;
                    /** @description Number of matching items over all pages */
                    "X-Total-Count"?: number;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Related pages in the order next, last, prev, first: `<URL>; rel="name"` joined by `, ` */
                    Link?: string;
                    /** @description Offset of the next page (the same value as in Link) */
                    "X-Pagination-Next"?: number;
                    /** @description Offset of the last page (the same value as in Link) */
                    "X-Pagination-Last"?: number;
                    /** @description Offset of the previous page (the same value as in Link) */
                    "X-Pagination-Prev"?: number;
                    /** @description Offset of the first page (the same value as in Link) */
                    "X-Pagination-First"?: number;
                    /** @description Number of matching items over all pages */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchReservations: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /**
                 * @description Text to look for, 1 to 100 characters once leading and trailing spaces are trimmed: the start of a reservation number or any part of a guest name, case-insensitive; % and _ match themselves
                 * @example de vries
                 */
                q: string;
                /** @description At most this many reservations; default 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching reservations, latest arrival first */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createReservation: {
        parameters: {
            query?: {
                /** @description A draft's organization (SPEC §15, §4.4): a positive integer */
                organization?: string;
            };
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A reservation (SPEC §9), or with `accommodation` as an object `{ id }` the original's draft (SPEC §15, step 1) */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDraft"] | {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /**
                     * Format: int32
                     * @description Accommodation id
                     */
                    accommodation: number;
                    /**
                     * Format: date
                     * @description Arrival day
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description Departure day
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    /** Format: int32 */
                    adults: number;
                    /** Format: int32 */
                    children?: number;
                    /** Format: int32 */
                    babies?: number;
                    guestName: string;
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    totalAmount?: string;
                    /**
                     * @description ISO 4217 code, e.g. EUR
                     * @example EUR
                     */
                    currency?: string;
                    channel?: string;
                    /**
                     * @description Initial state; default confirmed
                     * @enum {unknown}
                     */
                    status?: "option" | "confirmed";
                    /** @description Generated when omitted */
                    reservationNumber?: string;
                };
            };
        };
        responses: {
            /** @description The created reservation, or the draft (SPEC §15) */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedReservation"] | components["schemas"]["Draft"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reservation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceReservation: {
        parameters: {
            query?: {
                /** @description The draft’s token (SPEC §15): it alone opens the draft */
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description The whole reservation (SPEC §9), or with `?token=` the original's draft configuration (SPEC §15, step 2: `ageGroupLines`, `supplementOrderLines`) */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigureDraft"] | {
                    /**
                     * Format: int32
                     * @description Accommodation id
                     */
                    accommodation: number;
                    /**
                     * Format: date
                     * @description Arrival day
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description Departure day
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    /** Format: int32 */
                    adults: number;
                    /** Format: int32 */
                    children: number;
                    /** Format: int32 */
                    babies: number;
                    guestName: string;
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    totalAmount: string;
                    /**
                     * @description ISO 4217 code, e.g. EUR
                     * @example EUR
                     */
                    currency: string;
                    channel: string;
                    /**
                     * @description Reservation state (SPEC §3)
                     * @enum {unknown}
                     */
                    status: "option" | "confirmed" | "checked-in" | "checked-out" | "cancelled" | "no-show";
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                };
            };
        };
        responses: {
            /** @description The changed reservation, or the re-priced draft (SPEC §15) */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"] | components["schemas"]["Draft"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled reservation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Accommodation id
                     */
                    accommodation?: number;
                    /**
                     * Format: date
                     * @description Arrival day
                     * @example 2025-07-14
                     */
                    dateFrom?: string;
                    /**
                     * Format: date
                     * @description Departure day
                     * @example 2025-07-14
                     */
                    dateTo?: string;
                    /** Format: int32 */
                    adults?: number;
                    /** Format: int32 */
                    children?: number;
                    /** Format: int32 */
                    babies?: number;
                    guestName?: string;
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    totalAmount?: string;
                    /**
                     * @description ISO 4217 code, e.g. EUR
                     * @example EUR
                     */
                    currency?: string;
                    channel?: string;
                    /**
                     * @description Reservation state (SPEC §3)
                     * @enum {unknown}
                     */
                    status?: "option" | "confirmed" | "checked-in" | "checked-out" | "cancelled" | "no-show";
                };
            };
        };
        responses: {
            /** @description The changed reservation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    placeDraft: {
        parameters: {
            query?: {
                /** @description The draft’s token (SPEC §15): it alone opens the draft */
                token?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceDraft"];
            };
        };
        responses: {
            /** @description The reservation the draft became */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReservationOrderLines: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its order lines */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderLine"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBlocks: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /**
                 * @description First night of the period
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description Last night of the period
                 * @example 2025-07-14
                 */
                dateTo: string;
                /** @description Only the blocks of this accommodation */
                accommodation?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The blocks */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Block"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createBlock: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /** Format: int32 */
                    accommodation: number;
                    /**
                     * Format: date
                     * @description The first night held
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description The day after the last night held
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    /**
                     * @description `external` only comes from a calendar (§16)
                     * @enum {unknown}
                     */
                    kind: "maintenance" | "owner" | "closed";
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description The created block */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Block"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed block */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Block"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int32 */
                    accommodation?: number;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD
                     * @example 2025-07-14
                     */
                    dateFrom?: string;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD
                     * @example 2025-07-14
                     */
                    dateTo?: string;
                    /**
                     * @description `external` only comes from a calendar (§16)
                     * @enum {unknown}
                     */
                    kind?: "maintenance" | "owner" | "closed";
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description The changed block */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Block"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateIcalToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed’s new address */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IcalFeed"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCalendars: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendars */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calendar"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCalendar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The channel’s export feed: https, no credentials, not a private address */
                    url: string;
                    /** @description e.g. Airbnb, Booking.com, Vrbo */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new subscription */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calendar"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                calendarId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed calendar */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calendar"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listStayRules: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StayRule"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createStayRule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    accommodation?: number | null;
                    type?: string | null;
                    /**
                     * Format: date
                     * @description First arrival day it applies to
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description Last arrival day it applies to
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    minNights?: number | null;
                    maxNights?: number | null;
                    arrivalDays?: number[] | null;
                    departureDays?: number[] | null;
                    closedToArrival?: string[] | null;
                    closedToDeparture?: string[] | null;
                    minDaysBeforeArrival?: number | null;
                    maxDaysBeforeArrival?: number | null;
                    bookable?: boolean | null;
                };
            };
        };
        responses: {
            /** @description The created rule */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StayRule"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteStayRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed rule */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StayRule"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateStayRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accommodation?: number | null;
                    type?: string | null;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD
                     * @example 2025-07-14
                     */
                    dateFrom?: string;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD
                     * @example 2025-07-14
                     */
                    dateTo?: string;
                    minNights?: number | null;
                    maxNights?: number | null;
                    arrivalDays?: number[] | null;
                    departureDays?: number[] | null;
                    closedToArrival?: string[] | null;
                    closedToDeparture?: string[] | null;
                    minDaysBeforeArrival?: number | null;
                    maxDaysBeforeArrival?: number | null;
                    bookable?: boolean | null;
                };
            };
        };
        responses: {
            /** @description The changed rule */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StayRule"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAvailabilityGrid: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /**
                 * @description The first night
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description The last night (at most 366 nights)
                 * @example 2025-07-14
                 */
                dateTo: string;
                /** @description Only accommodations of this type */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grid */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilityGrid"];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchAvailability: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /**
                 * @description Arrival day
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description Departure day
                 * @example 2025-07-14
                 */
                dateTo: string;
                adults: number;
                children?: number;
                babies?: number;
                /** @description Only accommodations of this type */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One result per accommodation */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilitySearchResult"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgeGroupSpecifications: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Only records that apply to this accommodation */
                accommodation?: number;
                /**
                 * @description Only records valid on a day from this one …
                 * @example 2025-07-14
                 */
                dateFrom?: string;
                /**
                 * @description … to this one (inclusive)
                 * @example 2025-07-14
                 */
                dateTo?: string;
                /** @description Supplements only: required ones, or the others */
                required?: boolean;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The age group specifications */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgeGroupSpecification"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAgeGroupSpecification: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /** @description Printed on the order line */
                    description: string;
                    /** Format: int32 */
                    minAge: number;
                    /** Format: int32 */
                    maxAge: number;
                    /**
                     * @description The adults, children or babies of a search count here
                     * @enum {unknown}
                     */
                    category: "adult" | "child" | "baby";
                };
            };
        };
        responses: {
            /** @description The created age group specification */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgeGroupSpecification"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAgeGroupSpecification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed age group specification */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgeGroupSpecification"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAgeGroupSpecification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Printed on the order line */
                    description?: string;
                    /** Format: int32 */
                    minAge?: number;
                    /** Format: int32 */
                    maxAge?: number;
                    /**
                     * @description The adults, children or babies of a search count here
                     * @enum {unknown}
                     */
                    category?: "adult" | "child" | "baby";
                };
            };
        };
        responses: {
            /** @description The changed age group specification */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgeGroupSpecification"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPriceComponents: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Only records that apply to this accommodation */
                accommodation?: number;
                /**
                 * @description Only records valid on a day from this one …
                 * @example 2025-07-14
                 */
                dateFrom?: string;
                /**
                 * @description … to this one (inclusive)
                 * @example 2025-07-14
                 */
                dateTo?: string;
                /** @description Supplements only: required ones, or the others */
                required?: boolean;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The price components */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceComponent"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPriceComponent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /** @description Printed on the order line */
                    description: string;
                    /** @enum {unknown} */
                    kind: "rent" | "fee" | "tax";
                    /**
                     * @description What one unit is: a night, the stay, a person for a night, a person for the stay
                     * @enum {unknown}
                     */
                    basis: "night" | "stay" | "person-night" | "person-stay";
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    amount: string;
                    /**
                     * Format: date
                     * @description First night (or arrival day) it prices
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description Last night (or arrival day) it prices, inclusive
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    accommodation?: (number | null) | null;
                    type?: (string | null) | null;
                    weekdays?: number[] | null;
                    ageGroups?: number[] | null;
                    maxNights?: number | null;
                };
            };
        };
        responses: {
            /** @description The created price component */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceComponent"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePriceComponent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed price component */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceComponent"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePriceComponent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Printed on the order line */
                    description?: string;
                    /** @enum {unknown} */
                    kind?: "rent" | "fee" | "tax";
                    /**
                     * @description What one unit is: a night, the stay, a person for a night, a person for the stay
                     * @enum {unknown}
                     */
                    basis?: "night" | "stay" | "person-night" | "person-stay";
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    amount?: string;
                    /**
                     * Format: date
                     * @description First night (or arrival day) it prices
                     * @example 2025-07-14
                     */
                    dateFrom?: string;
                    /**
                     * Format: date
                     * @description Last night (or arrival day) it prices, inclusive
                     * @example 2025-07-14
                     */
                    dateTo?: string;
                    accommodation?: (number | null) | null;
                    type?: (string | null) | null;
                    weekdays?: number[] | null;
                    ageGroups?: number[] | null;
                    maxNights?: number | null;
                };
            };
        };
        responses: {
            /** @description The changed price component */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceComponent"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSupplements: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Only records that apply to this accommodation */
                accommodation?: number;
                /**
                 * @description Only records valid on a day from this one …
                 * @example 2025-07-14
                 */
                dateFrom?: string;
                /**
                 * @description … to this one (inclusive)
                 * @example 2025-07-14
                 */
                dateTo?: string;
                /** @description Supplements only: required ones, or the others */
                required?: boolean;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The supplements */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Supplement"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSupplement: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /** @description Printed on the order line */
                    description: string;
                    /**
                     * @description What one unit is: a night, the stay, a person for a night, a person for the stay
                     * @enum {unknown}
                     */
                    basis: "night" | "stay" | "person-night" | "person-stay";
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    amount: string;
                    /** @description On every quote; default false */
                    required?: boolean;
                    /**
                     * Format: int32
                     * @description Most a quote may choose; default 1
                     */
                    maxQuantity?: number;
                    accommodation?: (number | null) | null;
                    type?: (string | null) | null;
                };
            };
        };
        responses: {
            /** @description The created supplement */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Supplement"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSupplement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed supplement */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Supplement"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSupplement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Printed on the order line */
                    description?: string;
                    /**
                     * @description What one unit is: a night, the stay, a person for a night, a person for the stay
                     * @enum {unknown}
                     */
                    basis?: "night" | "stay" | "person-night" | "person-stay";
                    /**
                     * @description decimal amount, e.g. 412.50
                     * @example 412.50
                     */
                    amount?: string;
                    /** @description On every quote; default false */
                    required?: boolean;
                    /**
                     * Format: int32
                     * @description Most a quote may choose; default 1
                     */
                    maxQuantity?: number;
                    accommodation?: (number | null) | null;
                    type?: (string | null) | null;
                };
            };
        };
        responses: {
            /** @description The changed supplement */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Supplement"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDiscountSpecifications: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Only records that apply to this accommodation */
                accommodation?: number;
                /**
                 * @description Only records valid on a day from this one …
                 * @example 2025-07-14
                 */
                dateFrom?: string;
                /**
                 * @description … to this one (inclusive)
                 * @example 2025-07-14
                 */
                dateTo?: string;
                /** @description Supplements only: required ones, or the others */
                required?: boolean;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The discount specifications */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountSpecification"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDiscountSpecification: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /** @description Printed on the order line */
                    description: string;
                    /** @enum {unknown} */
                    kind: "long-stay" | "early-booking" | "last-minute";
                    /**
                     * @description Percent of the rent, at most two decimals
                     * @example 12.5
                     */
                    percent: number;
                    /**
                     * Format: date
                     * @description First arrival day it applies to
                     * @example 2025-07-14
                     */
                    dateFrom: string;
                    /**
                     * Format: date
                     * @description Last arrival day it applies to
                     * @example 2025-07-14
                     */
                    dateTo: string;
                    accommodation?: (number | null) | null;
                    type?: (string | null) | null;
                    minNights?: number | null;
                    minDaysBeforeArrival?: number | null;
                    maxDaysBeforeArrival?: number | null;
                };
            };
        };
        responses: {
            /** @description The created discount specification */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountSpecification"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDiscountSpecification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed discount specification */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountSpecification"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateDiscountSpecification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Printed on the order line */
                    description?: string;
                    /** @enum {unknown} */
                    kind?: "long-stay" | "early-booking" | "last-minute";
                    /**
                     * @description Percent of the rent, at most two decimals
                     * @example 12.5
                     */
                    percent?: number;
                    /**
                     * Format: date
                     * @description First arrival day it applies to
                     * @example 2025-07-14
                     */
                    dateFrom?: string;
                    /**
                     * Format: date
                     * @description Last arrival day it applies to
                     * @example 2025-07-14
                     */
                    dateTo?: string;
                    accommodation?: (number | null) | null;
                    type?: (string | null) | null;
                    minNights?: number | null;
                    minDaysBeforeArrival?: number | null;
                    maxDaysBeforeArrival?: number | null;
                };
            };
        };
        responses: {
            /** @description The changed discount specification */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountSpecification"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listGuests: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Page size; default 100 */
                limit?: number;
                /** @description Zero-based position of the first item; default 0 */
                offset?: number;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
                /** @description Another name of modifiedSince (the original service's clients send it); naming both is a 400. Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedDateFrom?: string;
                /** @description Only guests whose name, e-mail address or phone number contains this text, case aside */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of guests */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Related pages in the order next, last, prev, first: `<URL>; rel="name"` joined by `, ` */
                    Link?: string;
                    /** @description Offset of the next page (the same value as in Link) */
                    "X-Pagination-Next"?: number;
                    /** @description Offset of the last page (the same value as in Link) */
                    "X-Pagination-Last"?: number;
                    /** @description Offset of the previous page (the same value as in Link) */
                    "X-Pagination-Prev"?: number;
                    /** @description Offset of the first page (the same value as in Link) */
                    "X-Pagination-First"?: number;
                    /** @description Number of matching items over all pages */
                    "X-Total-Count"?: number;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guest"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Related pages in the order next, last, prev, first: `<URL>; rel="name"` joined by `, ` */
                    Link?: string;
                    /** @description Offset of the next page (the same value as in Link) */
                    "X-Pagination-Next"?: number;
                    /** @description Offset of the last page (the same value as in Link) */
                    "X-Pagination-Last"?: number;
                    /** @description Offset of the previous page (the same value as in Link) */
                    "X-Pagination-Prev"?: number;
                    /** @description Offset of the first page (the same value as in Link) */
                    "X-Pagination-First"?: number;
                    /** @description Number of matching items over all pages */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGuest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The guest */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guest"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    eraseGuest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The erased guest */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guest"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateGuest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description The personal fields to correct; null clears one */
        requestBody: {
            content: {
                "application/json": {
                    firstName?: string | null;
                    surname?: string | null;
                    email?: string | null;
                    phoneNumber?: string | null;
                    address?: string | null;
                    addressNo?: string | null;
                    postalCode?: string | null;
                    locality?: string | null;
                    country?: string | null;
                    locale?: string | null;
                };
            };
        };
        responses: {
            /** @description The corrected guest */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guest"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the write scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getQuote: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Accommodation id */
                accommodation: number;
                /**
                 * @description Arrival day
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description Departure day
                 * @example 2025-07-14
                 */
                dateTo: string;
                adults?: number;
                children?: number;
                babies?: number;
                /**
                 * @description Persons by age group specification, `ID:N,…`; replaces adults, children and babies
                 * @example 1:2,2:1
                 */
                ageGroups?: string;
                /**
                 * @description Chosen supplements, `ID:N,…` (at most each one’s maxQuantity); required ones need not be named
                 * @example 7:1
                 */
                supplements?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quote */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listQuotations: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /**
                 * @description First day of the window
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description Last day of the window (at most 62 days after dateFrom)
                 * @example 2025-07-14
                 */
                dateTo: string;
                adults?: number;
                children?: number;
                babies?: number;
                /**
                 * @description Persons by age group specification, `ID:N,…`; replaces adults, children and babies
                 * @example 1:2,2:1
                 */
                ageGroups?: string;
                /**
                 * @description Chosen supplements, `ID:N,…` (at most each one’s maxQuantity); required ones need not be named
                 * @example 7:1
                 */
                supplements?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sellable stays */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quotation"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the ETag of the representation this request selects (its content coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding */
            304: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Strong entity tag of the response; send it back in If-None-Match */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organizations, ordered by id */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCredentials: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credentials, newest first */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCredential: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /** @description For people: who or what uses it */
                    name?: string;
                    /**
                     * @description api-key: sent as X-Api-Key; basic: a username and password for HTTP Basic (and the console)
                     * @enum {unknown}
                     */
                    type: "api-key" | "basic";
                    /**
                     * @description 1 to 53 of A-Z a-z 0-9 . _ - (no @): the organization’s id is added after an @, so frontdesk asked for in organization 12 signs in as frontdesk@12; required for basic, only there
                     * @example frontdesk
                     */
                    username?: string;
                    /**
                     * @description read (default), write (includes read) or admin (includes both)
                     * @enum {unknown}
                     */
                    scope?: "read" | "write" | "admin";
                };
            };
        };
        responses: {
            /** @description The credential and its secret */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        id: number;
                        organizations: number[];
                        /** @description What it may do: read; read and write; or read, write and admin */
                        scopes: ("read" | "write" | "admin")[];
                        /** @description The date whose rules apply to it (SPEC §4.5); null: the rules of the day of each request */
                        compatibilityDate: string | null;
                        /** @enum {string} */
                        type: "api-key";
                        /** @description The key, shown only in this response: send it as X-Api-Key */
                        apiKey: string;
                    } | {
                        /** Format: int32 */
                        id: number;
                        organizations: number[];
                        /** @description What it may do: read; read and write; or read, write and admin */
                        scopes: ("read" | "write" | "admin")[];
                        /** @description The date whose rules apply to it (SPEC §4.5); null: the rules of the day of each request */
                        compatibilityDate: string | null;
                        /** @enum {string} */
                        type: "basic";
                        /**
                         * @description The username to sign in with (HTTP Basic, the console). One created through the API is the name asked for, then @ and the organization’s id: frontdesk in organization 12 is frontdesk@12
                         * @example frontdesk@12
                         */
                        username: string;
                        /** @description A generated password, shown only in this response */
                        password: string;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The change conflicts with the data (a taken night, a state move) */
            409: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description One organization; omitted, every organization of the credential */
                organization?: number;
                /** @description A cursor from a `next` link or an Events-Cursor header */
                after?: string;
                /** @description Comma-separated event types: reservation.created, reservation.updated, reservation.cancelled, accommodation.created, accommodation.updated, accommodation.deactivated, block.created, block.updated, block.deleted, guest.erased, calendar.conflict */
                types?: string;
                /** @description Only the events of this reservation */
                reservation?: number;
                /** @description Only the events of this accommodation */
                accommodation?: number;
                /** @description Events per page; default 100 */
                limit?: number;
                /** @description Seconds to hold an empty answer for new events */
                wait?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events after the cursor */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show */
                    "Events-Cursor"?: string;
                    /** @description The next page of the feed: `<URL>; rel="next"`, on every response */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s (or does not exist) */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The cursor is older than the events kept: resynchronize from the lists */
            410: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description One organization; omitted, every organization of the credential */
                organization?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints, by id */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1 to 255 visible ASCII characters; the same key with the same body within 24 hours replays the first response
                 * @example channel-manager-4711
                 */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description Organization id; may be omitted when the credential is bound to exactly one organization
                     */
                    organization?: number;
                    /**
                     * @description https URL of the receiver, without credentials; not on a private network
                     * @example https://receiver.example/booking-events
                     */
                    url: string;
                    /** @description The event types delivered; empty or omitted: every type */
                    types?: ("reservation.created" | "reservation.updated" | "reservation.cancelled" | "accommodation.created" | "accommodation.updated" | "accommodation.deactivated" | "block.created" | "block.updated" | "block.deleted" | "guest.erased" | "calendar.conflict")[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint and its secret */
            201: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    /** @description Path of the created record */
                    Location?: string;
                    /** @description Present when the response repeats the first one for this Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        id: number;
                        /** Format: int32 */
                        organization: number;
                        /** @example https://receiver.example/booking-events */
                        url: string;
                        description: string | null;
                        types: ("reservation.created" | "reservation.updated" | "reservation.cancelled" | "accommodation.created" | "accommodation.updated" | "accommodation.deactivated" | "block.created" | "block.updated" | "block.deleted" | "guest.erased" | "calendar.conflict")[];
                        enabled: boolean;
                        /** @description gone: the receiver answered 410; failing: 5 days of failures; manual: disabled by PATCH */
                        disabledReason: ("gone" | "failing" | "manual") | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 UTC timestamp with whole seconds
                         * @example 2025-01-20T14:03:11Z
                         */
                        created: string;
                        /**
                         * @description whsec_ + base64 of 32 random bytes: shown only in this response
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/1Ka7XaV3Wo=
                         */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The record this Idempotency-Key created was deleted since (a replay) */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used before with another body */
            422: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description https URL of the receiver, without credentials; not on a private network
                     * @example https://receiver.example/booking-events
                     */
                    url?: string;
                    /** @description The event types delivered; empty or omitted: every type */
                    types?: ("reservation.created" | "reservation.updated" | "reservation.cancelled" | "accommodation.created" | "accommodation.updated" | "accommodation.deactivated" | "block.created" | "block.updated" | "block.deleted" | "guest.erased" | "calendar.conflict")[];
                    description?: string | null;
                    /** @description true again: receives the events committed from now on */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The changed endpoint */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint and its new secret */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        id: number;
                        /** Format: int32 */
                        organization: number;
                        /** @example https://receiver.example/booking-events */
                        url: string;
                        description: string | null;
                        types: ("reservation.created" | "reservation.updated" | "reservation.cancelled" | "accommodation.created" | "accommodation.updated" | "accommodation.deactivated" | "block.created" | "block.updated" | "block.deleted" | "guest.erased" | "calendar.conflict")[];
                        enabled: boolean;
                        /** @description gone: the receiver answered 410; failing: 5 days of failures; manual: disabled by PATCH */
                        disabledReason: ("gone" | "failing" | "manual") | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 UTC timestamp with whole seconds
                         * @example 2025-01-20T14:03:11Z
                         */
                        created: string;
                        /**
                         * @description whsec_ + base64 of 32 random bytes: shown only in this response
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/1Ka7XaV3Wo=
                         */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        delivered: boolean;
                        statusCode: number | null;
                        error: string | null;
                        /** Format: int32 */
                        durationMs: number;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description delivered; pending: failed, another attempt follows; failed: the last attempt failed */
                status?: "delivered" | "pending" | "failed";
                /** @description The `id` of the last entry of the previous page */
                after?: number;
                /** @description Entries per page; default 50 */
                limit?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Attempts, newest first */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryAttempt"][];
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replayWebhookEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description Either `after`, or `since` with an optional `until` */
        requestBody: {
            content: {
                "application/json": {
                    /** @description A feed cursor: the events after it */
                    after?: string;
                    /**
                     * Format: date-time
                     * @description The events that occurred at or after this
                     * @example 2025-01-20T14:03:11Z
                     */
                    since?: string;
                    /**
                     * Format: date-time
                     * @description With since: and before this
                     * @example 2025-01-20T14:03:11Z
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description Deliveries scheduled */
            200: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int32
                         * @description The deliveries this replay makes: the workers add them to the endpoint’s queue in batches, within seconds
                         */
                        scheduled: number;
                    };
                };
            };
            /** @description Invalid input: `errors` names every broken parameter */
            400: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "urn:booking-service:problem:invalid-input",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request has invalid parameters.",
                     *       "errors": [
                     *         {
                     *           "parameter": "dateTo",
                     *           "message": "must be a real calendar date (YYYY-MM-DD)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    /** @description The accepted scheme */
                    "WWW-Authenticate"?: "Basic realm=\"booking\", charset=\"UTF-8\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization is not one of the credential’s, or the credential lacks the admin scope */
            403: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such record in the credential’s organizations */
            404: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Accept header rules JSON out */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 64 KiB */
            413: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests (or failed authentications); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; the body holds no internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; try again after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Quota left in the current window and seconds until it resets (IETF RateLimit fields) */
                    RateLimit?: string;
                    /** @description The quota: requests per window of w seconds, per credential */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhook_reservation_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "reservation.created";
                    data?: components["schemas"]["ReservationSummary"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_reservation_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "reservation.updated";
                    data?: components["schemas"]["ReservationSummary"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_reservation_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "reservation.cancelled";
                    data?: components["schemas"]["ReservationSummary"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_accommodation_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "accommodation.created";
                    data?: components["schemas"]["Accommodation"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_accommodation_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "accommodation.updated";
                    data?: components["schemas"]["Accommodation"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_accommodation_deactivated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "accommodation.deactivated";
                    data?: components["schemas"]["Accommodation"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_block_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "block.created";
                    data?: components["schemas"]["Block"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_block_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "block.updated";
                    data?: components["schemas"]["Block"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_block_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "block.deleted";
                    data?: components["schemas"]["Block"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_guest_erased: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "guest.erased";
                    data?: components["schemas"]["Guest"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_calendar_conflict: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    /** @constant */
                    type?: "calendar.conflict";
                    data?: components["schemas"]["CalendarConflictEvent"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_ping: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every delivery of the event; deduplicate by it */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; signed */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); during a rotation two signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
                /** @description Names the service and its version */
                "user-agent": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PingEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 15 seconds: delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled at once (disabledReason gone) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after Retry-After (at most one hour) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
