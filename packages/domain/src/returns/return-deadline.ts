// From which tax period a registration has returns, and whether a return counts as due (and so can be overdue).
//
// A registration's returns start with the tax period of its effective date of registration: s.37(1) and s.39(1) CGST
// Act ask for a return "for every tax period" of a registered person, and Rule 10(2) CGST Rules makes the certificate
// effective from that date (a person migrated from the earlier laws, Rule 24, from 1 July 2017, when GST began).
// A GSTR-1A is optional (Rule 59(4A), inserted by Notification 12/2024-CT): it has no due date of its own and is never
// overdue; it may be filed until the period's GSTR-3B is filed.
import { type DateInput, toIsoDate } from '../dates/calendar';
import { periodStart, returnPeriodOf } from '../periods/financial-year';
import type { ReturnForm } from './return-forms';

/** The first tax period of GST (1 July 2017): no registration has a return before it. */
export const GST_FIRST_PERIOD = '072017';

/**
 * - `Due`: a return the law requires, with a due date: overdue once the date has passed and it is not filed.
 * - `Optional`: a return the taxpayer may file (GSTR-1A): never overdue.
 * - `NotTracked`: required, but of a period before the location was added to the product and with no registration
 *   date known: whether it was filed elsewhere is unknown, so it is not called overdue.
 * - `BeforeRegistration`: a period before the registration's first tax period: there is no such return.
 */
export const RETURN_DEADLINES = ['Due', 'Optional', 'NotTracked', 'BeforeRegistration'] as const;
export type ReturnDeadline = (typeof RETURN_DEADLINES)[number];

/** What the product knows of a location's start. */
export type ReturnStart = {
  /** Effective date of registration (YYYY-MM-DD); null when not known (older data, an import without it). */
  registrationDate: string | null;
  /** When the location was added to the product: with no registration date, no earlier period is called overdue. */
  createdOn: DateInput;
};

const later = (a: string, b: string): string => (periodStart(a) >= periodStart(b) ? a : b);

/** The first tax period ('MMYYYY') of a registration effective on `registrationDate` (YYYY-MM-DD). */
export const firstReturnPeriod = (registrationDate: DateInput): string => later(returnPeriodOf(registrationDate), GST_FIRST_PERIOD);

/** A period before the registration's first tax period has no return; with no registration date known, none is before it. */
export const isBeforeRegistration = (period: string, registrationDate: string | null): boolean =>
  registrationDate !== null && periodStart(period) < periodStart(firstReturnPeriod(registrationDate));

/** Whether a return of a period is due, optional, not tracked or nonexistent for a location with this start. */
export function returnDeadlineOf(form: ReturnForm, period: string, start: ReturnStart): ReturnDeadline {
  if (isBeforeRegistration(period, start.registrationDate)) return 'BeforeRegistration';
  if (form === 'GSTR1A') return 'Optional';
  if (start.registrationDate === null && periodStart(period) < periodStart(returnPeriodOf(toIsoDate(start.createdOn)))) return 'NotTracked';
  return 'Due';
}

/** Overdue: a due return whose due date (YYYY-MM-DD; '' when no rule gives one) is before `today` and that is not filed. */
export const isReturnOverdue = (deadline: ReturnDeadline, dueDate: string, isFiled: boolean, today: string): boolean =>
  deadline === 'Due' && !isFiled && dueDate !== '' && dueDate < today;
