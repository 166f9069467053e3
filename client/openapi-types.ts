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
         * @description Readiness: 200 when the database answers, else 503 with Retry-After. No credential.
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
        put?: never;
        post?: never;
        /**
         * Deactivate an accommodation
         * @description Sets active=false; the record and its reservations stay.
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
         * @description The nights dateFrom … dateTo − 1, each free or taken by a night-holding reservation.
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
         * Create a reservation
         * @description Needs the write scope. Refused with 409 when any night is taken. Accepts Idempotency-Key.
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
        put?: never;
        post?: never;
        /**
         * Cancel a reservation
         * @description Sets status cancelled and the cancelled timestamp; repeating it is harmless.
         */
        delete: operations["cancelReservation"];
        options?: never;
        head?: never;
        /**
         * Change a reservation
         * @description Dates, accommodation, guests, amount, or status along the state machine (409 otherwise).
         */
        patch: operations["updateReservation"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
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
            /** @example 412.50 */
            totalAmount: string;
            /** @example EUR */
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
            }[];
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
    listAccommodations: {
        parameters: {
            query?: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /** @description Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp */
                modifiedSince?: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accommodation"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the current ETag; no body */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
    createAccommodation: {
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
    listReservationSummaries: {
        parameters: {
            query: {
                /** @description Organization id; may be omitted when the credential is bound to exactly one organization */
                organization?: number;
                /**
                 * @description Start of the period (inclusive)
                 * @example 2025-07-14
                 */
                dateFrom: string;
                /**
                 * @description End of the period (inclusive)
                 * @example 2025-07-14
                 */
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationSummary"][];
                };
            };
            /** @description Not Modified: If-None-Match matched the current ETag; no body */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
    createReservation: {
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
                    totalAmount: string;
                    /**
                     * @description ISO 4217 code, e.g. EUR
                     * @example EUR
                     */
                    currency: string;
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
            /** @description The created reservation */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
            /** @description Overloaded, shutting down, or the database is unreachable; try again after Retry-After seconds */
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
}
