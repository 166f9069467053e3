/** Length limits of stored text; the writes and the import enforce them, the responses promise them. */
export const TEXT_MAX = 200;
export const RESERVATION_NUMBER_MAX = 64;
