import type { Run, RunDetail } from '@opengst/contracts';

// What a run's state means for the screen.

/** Queued or running: its progress is polled. */
export const isRunActive = (run: Pick<Run, 'status'> | undefined): boolean =>
  run?.status === 'YetNotStarted' || run?.status === 'InProgress';

/** The progress in percent, or null while the total is not known yet (the bar then moves without a value). */
export const runPercent = (run: Pick<Run, 'done' | 'total'>): number | null =>
  run.total > 0 ? Math.min(100, Math.round((run.done / run.total) * 100)) : null;

/** The same scope again: decisions are kept by the server, keyed by document, not by run. */
export const scopeOf = (run: Pick<Run, 'entityIds' | 'fromPeriod' | 'toPeriod' | 'portalSource'>) => ({
  entityIds: run.entityIds,
  fromPeriod: run.fromPeriod,
  toPeriod: run.toPeriod,
  portalSource: run.portalSource,
});

/** The summary tab's count: the statuses that hold rows. */
export const statusesWithRows = (byStatus: RunDetail['byStatus']): number => byStatus.filter((item) => item.rows > 0).length;

/** The PAN of a GSTIN (its characters 3 to 12). */
export const panOf = (gstin: string): string => gstin.slice(2, 12);

/** The return periods from `from` to `to` (MMYYYY), in order. */
export const periodsBetween = (from: string, to: string): string[] => {
  const index = (period: string) => Number(period.slice(2)) * 12 + Number(period.slice(0, 2)) - 1;
  const count = index(to) - index(from) + 1;
  return count > 0 ? periodsAround(to, 0, count - 1).reverse() : [];
};

/** Return periods from `ahead` months after `latest` (MMYYYY) to `back` months before it, newest first. */
export const periodsAround = (latest: string, ahead: number, back: number): string[] => {
  const month = Number(latest.slice(0, 2));
  const year = Number(latest.slice(2));
  return Array.from({ length: ahead + back + 1 }, (_, index) => {
    const total = year * 12 + (month - 1) + ahead - index;
    return `${String((total % 12) + 1).padStart(2, '0')}${Math.floor(total / 12)}`;
  });
};
