/** Time as epoch milliseconds; injected so expiry and cooldown tests never sleep. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
