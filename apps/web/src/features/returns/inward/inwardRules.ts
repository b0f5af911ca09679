import { returnPeriodsBetween, type InwardBulkItem, type InwardOutcome, type InwardSource } from '@opengst/contracts';
import { indiaDateOf, returnPeriodOf } from '@opengst/domain';

// What the bulk download and the download summary reckon with: the periods offered, the outcome colours (UI.md:
// status colours only for status, and the status also as text), and the run kept for this browser tab.

export const INWARD_SOURCES: readonly InwardSource[] = ['GSTR2A', 'GSTR2B'];
export const SOURCE_NAME: Record<InwardSource, string> = { GSTR2A: 'GSTR-2A', GSTR2B: 'GSTR-2B' };

/** Grey waiting, amber running or not generated yet (a normal answer before the 14th), green downloaded, red failed. */
export const OUTCOME_COLOR: Record<InwardOutcome, string> = {
  Pending: 'gray',
  Running: 'yellow',
  Downloaded: 'green',
  NotGenerated: 'orange',
  Failed: 'red',
};

const MONTHS_OFFERED = 36;

/** The return periods a download may ask for: this month (India) and the 35 before it, newest first. */
export const recentPeriods = (now: Date, count = MONTHS_OFFERED): string[] => {
  const current = returnPeriodOf(indiaDateOf(now));
  const month = Number(current.slice(0, 2));
  const year = Number(current.slice(2));
  const back = month - 1 - (count - 1);
  const first = `${String((((back % 12) + 12) % 12) + 1).padStart(2, '0')}${year + Math.floor(back / 12)}`;
  return returnPeriodsBetween(first, current).reverse();
};

/** The last month, the usual one to download (GSTR-2B of a month is generated on the 14th of the next). */
export const lastMonthOf = (now: Date): string => recentPeriods(now, 2)[1] ?? returnPeriodOf(indiaDateOf(now));

export const failuresOf = (items: readonly InwardBulkItem[]) => items.filter((item) => item.outcome === 'Failed');
export const notGeneratedOf = (items: readonly InwardBulkItem[]) => items.filter((item) => item.outcome === 'NotGenerated');

const STORAGE_KEY = 'opengst.inwardBulk';

/** The downloads of the run this tab started last (sessionStorage), so its progress stays in view across screens. */
export const readStoredRun = (): number[] | null => {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return Array.isArray(value) && value.length > 0 && value.every((id) => Number.isInteger(id)) ? (value as number[]) : null;
  } catch {
    return null;
  }
};

export const storeRun = (activityIds: readonly number[] | null): void => {
  try {
    if (activityIds) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(activityIds));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // A browser that keeps no session storage shows the progress until the screen is left.
  }
};
