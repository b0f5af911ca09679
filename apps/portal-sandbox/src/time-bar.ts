// Section 39(11) CGST Act (Finance Act 2023, in force 1 Oct 2023, Notification 28/2023-CT): no return after three years
// from its due date. The portal enforces it from the July 2025 tax period's filings (GSTN advisory of 7 Jun 2025): from
// 1 August 2025 (IST) here. GSTR-1A has no due date of its own (Rule 59(4A)): it is filed before the period's 3B.
import { addDays, dueDate } from '@opengst/domain';
import { IST_MS, longDate } from './calendar';
import { FAULTS } from './faults';

const ENFORCED_FROM = new Date(Date.UTC(2025, 7, 1) - IST_MS);

/** Refuses a return of a monthly filer's period from the day after the third anniversary of its due date (IST). */
export const refuseTimeBarred = (form: 'GSTR1' | 'GSTR3B', period: string, now: Date): void => {
  if (now < ENFORCED_FROM) return;
  const due = dueDate(form, period);
  const anniversary = `${Number(due.slice(0, 4)) + 3}${due.slice(4)}`;
  const barredFrom = new Date(Date.parse(`${addDays(anniversary, 1)}T00:00:00Z`) - IST_MS);
  if (now >= barredFrom) throw FAULTS.timeBarred(period, longDate(new Date(Date.parse(`${due}T00:00:00Z`))));
};
