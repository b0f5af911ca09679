// Long work (an import, a return's generation) is polled until it ends (UI.md "Long work is visible").

/** Milliseconds between polls: the poolingTime setting is in seconds (spec core §9); never faster than one second. */
export const pollIntervalMs = (poolingTimeSeconds: number | undefined): number =>
  Math.max(1, poolingTimeSeconds && poolingTimeSeconds > 0 ? poolingTimeSeconds : 5) * 1000;
