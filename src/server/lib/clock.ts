/** Services read time through this so tests can move it (code expiry, session lifetime). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const minutesFrom = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
