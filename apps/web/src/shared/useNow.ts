import { useEffect, useState } from 'react';

// Long work shows the time it has taken so far (UI.md "Long work is visible"): the clock moves each second while the
// work runs, and stands still once it has ended, so a finished job's elapsed time stops.

/** The time now in milliseconds, updated every second while `isTicking`. */
export const useNow = (isTicking: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
};
