/** The service never reads the time itself: it asks a clock, so tests can stand on any date. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
