// E-way bill validity and the windows around it (GST-RULES-DETAIL §4), in India's time (IST, UTC+5:30, no daylight
// saving): the portal counts days and hours on India's clock, whatever the server's zone.
//
import { addDays } from '../dates/calendar';

// - Validity, Rule 138(10) as substituted by Notification 94/2020-CT from 1 January 2021: one day for up to 200 km and
//   one more for every 200 km or part of it; over-dimensional cargo one day per 20 km or part. Explanation 2: a day
//   ends at midnight of the day following the date of generation, so a validity of N days ends at the end of the N-th
//   day after the generation date (the last second, 23:59:59 IST, is what validUntil answers).
// - Extension, Rule 138(10) second proviso: within eight hours before or after the validity ends.
// - From 1 January 2025 (GSTN advisory of 10 December 2024): no e-way bill for a document dated more than 180 days
//   before, and no validity, extensions included, beyond 360 days from the first generation.
// - Distance: at most 10% over the PIN-to-PIN distance the portal computes, at most 100 km when both PINs are the same,
//   at most 4,000 km.

const IST_MS = (5 * 60 + 30) * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The km a day of validity covers (Rule 138(10)). */
export const EWB_KM_PER_DAY = { normal: 200, overDimensionalCargo: 20 } as const;
export const EWB_EXTENSION_WINDOW_HOURS = 8;
/** From this date the 180-day document age and the 360-day total validity apply (GSTN advisory, 10 December 2024). */
export const EWB_AGE_RULES_FROM = '2025-01-01';
export const EWB_MAX_DOCUMENT_AGE_DAYS = 180;
export const EWB_MAX_VALIDITY_DAYS = 360;
export const EWB_MAX_DISTANCE_KM = 4000;
export const EWB_SAME_PIN_MAX_KM = 100;

const IST_TEXT = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "28/11/2026, 14:05 IST": an instant on India's clock, as the reasons of the e-way bill and IRN rules name times. */
export const istDateTimeText = (at: Date): string => `${IST_TEXT.format(at)} IST`;

/** YYYY-MM-DD of an instant on India's clock. */
export const istDateOf = (at: Date): string => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);

/** 23:59:59 IST of a calendar day, as an instant. */
const endOfIstDay = (isoDate: string): Date => new Date(Date.parse(`${isoDate}T00:00:00Z`) - IST_MS + DAY_MS - 1000);

/** Days of validity for a distance (at least one). */
export const ewaybillValidityDays = (distanceKm: number, isOverDimensionalCargo = false): number => {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) throw new RangeError(`not a distance in km: ${distanceKm}`);
  const perDay = isOverDimensionalCargo ? EWB_KM_PER_DAY.overDimensionalCargo : EWB_KM_PER_DAY.normal;
  return Math.max(1, Math.ceil(distanceKm / perDay));
};

export type EwaybillValidityInput = { generatedAt: Date; distanceKm: number; isOverDimensionalCargo?: boolean };

/** The last second of an e-way bill's validity (23:59:59 IST of its last day). */
export const ewaybillValidUntil = ({ generatedAt, distanceKm, isOverDimensionalCargo = false }: EwaybillValidityInput): Date =>
  endOfIstDay(addDays(istDateOf(generatedAt), ewaybillValidityDays(distanceKm, isOverDimensionalCargo)));

export type ExtensionRefusal = 'beforeWindow' | 'afterWindow' | 'over360Days';
export type ExtensionCheck =
  { allowed: true; windowFrom: Date; windowTo: Date } | { allowed: false; reason: ExtensionRefusal; windowFrom: Date; windowTo: Date };

/**
 * Whether the validity may be extended at `at`: from eight hours before it ends to eight hours after, and (from 1
 * January 2025) not for an e-way bill generated 360 days or more before.
 */
export const checkEwaybillExtension = (input: { generatedAt: Date; validUntil: Date; at: Date }): ExtensionCheck => {
  const end = input.validUntil.getTime() + 1000;
  const windowFrom = new Date(end - EWB_EXTENSION_WINDOW_HOURS * HOUR_MS);
  const windowTo = new Date(end + EWB_EXTENSION_WINDOW_HOURS * HOUR_MS);
  const at = input.at.getTime();
  const window = { windowFrom, windowTo };
  if (at < windowFrom.getTime()) return { allowed: false, reason: 'beforeWindow', ...window };
  if (at > windowTo.getTime()) return { allowed: false, reason: 'afterWindow', ...window };
  if (istDateOf(input.at) >= EWB_AGE_RULES_FROM && at >= capOf(input.generatedAt).getTime())
    return { allowed: false, reason: 'over360Days', ...window };
  return { allowed: true, ...window };
};

/** The end of the 360 days an e-way bill may live, counted from its generation. */
const capOf = (generatedAt: Date): Date => endOfIstDay(addDays(istDateOf(generatedAt), EWB_MAX_VALIDITY_DAYS));

/** A validity after an extension, cut at 360 days from the first generation when the extension is from 2025. */
export const cappedValidity = (generatedAt: Date, validUntil: Date, extendedAt: Date): Date => {
  if (istDateOf(extendedAt) < EWB_AGE_RULES_FROM) return validUntil;
  const cap = capOf(generatedAt);
  return validUntil.getTime() > cap.getTime() ? cap : validUntil;
};

/** Whether a document is too old for an e-way bill generated at `at` (more than 180 days, from 1 January 2025). */
export const isDocumentTooOldForEwaybill = (documentDate: string, at: Date): boolean => {
  const today = istDateOf(at);
  return today >= EWB_AGE_RULES_FROM && documentDate < addDays(today, -EWB_MAX_DOCUMENT_AGE_DAYS);
};

export type DistanceCheck =
  { ok: true; maxKm: number } | { ok: false; maxKm: number; reason: 'overPinDistance' | 'samePin' | 'overMaximum' | 'notADistance' };

/**
 * The distance a user may enter: up to 10% over the portal's PIN-to-PIN distance, up to 100 km between equal PINs, never
 * over 4,000 km. 0 asks the portal to fill it in.
 */
export const checkEwaybillDistance = (input: { enteredKm: number; pinToPinKm: number | null; samePin: boolean }): DistanceCheck => {
  const { enteredKm, pinToPinKm, samePin } = input;
  const maxKm = samePin
    ? EWB_SAME_PIN_MAX_KM
    : pinToPinKm === null
      ? EWB_MAX_DISTANCE_KM
      : Math.min(EWB_MAX_DISTANCE_KM, Math.floor(pinToPinKm * 1.1));
  if (!Number.isInteger(enteredKm) || enteredKm < 0) return { ok: false, maxKm, reason: 'notADistance' };
  if (enteredKm === 0 || enteredKm <= maxKm) return { ok: true, maxKm };
  return { ok: false, maxKm, reason: samePin ? 'samePin' : enteredKm > EWB_MAX_DISTANCE_KM ? 'overMaximum' : 'overPinDistance' };
};
