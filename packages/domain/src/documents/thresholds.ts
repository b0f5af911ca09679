// Dated statutory thresholds used on documents. Amounts in paise; dates ISO; "above" means strictly greater.
import { type DateInput, dateNumberOf, toIsoDate } from '../dates/calendar';

const LAKH = 100 * 1_00_000; // paise in one lakh rupees
const CRORE = 100 * LAKH;

export type DatedThreshold = { effectiveFrom: string; effectiveTo?: string; abovePaise: number; source: string };

/** B2C large (GSTR-1 table 5): inter-State supply to an unregistered person with invoice value above this. */
export const B2CL_THRESHOLDS: readonly DatedThreshold[] = [
  {
    effectiveFrom: '2017-07-01',
    effectiveTo: '2024-07-31',
    abovePaise: 250_000_00,
    source: 'Form GSTR-1 table 5 (invoice value above 2.5 lakh)',
  },
  { effectiveFrom: '2024-08-01', abovePaise: 100_000_00, source: 'Notification 12/2024-Central Tax: 1 lakh from 01-08-2024' },
];

/** E-invoice (Rule 48(4)): aggregate turnover in any FY from 2017-18 above this. */
export const EINVOICE_THRESHOLDS: readonly DatedThreshold[] = [
  {
    effectiveFrom: '2020-10-01',
    effectiveTo: '2020-12-31',
    abovePaise: 500 * CRORE,
    source: 'Notification 13/2020-CT as amended by 61/2020-CT: above 500 crore from 01-10-2020',
  },
  {
    effectiveFrom: '2021-01-01',
    effectiveTo: '2021-03-31',
    abovePaise: 100 * CRORE,
    source: 'Notification 88/2020-CT: above 100 crore from 01-01-2021',
  },
  {
    effectiveFrom: '2021-04-01',
    effectiveTo: '2022-03-31',
    abovePaise: 50 * CRORE,
    source: 'Notification 5/2021-CT: above 50 crore from 01-04-2021',
  },
  {
    effectiveFrom: '2022-04-01',
    effectiveTo: '2022-09-30',
    abovePaise: 20 * CRORE,
    source: 'Notification 1/2022-CT: above 20 crore from 01-04-2022',
  },
  {
    effectiveFrom: '2022-10-01',
    effectiveTo: '2023-07-31',
    abovePaise: 10 * CRORE,
    source: 'Notification 17/2022-CT: above 10 crore from 01-10-2022',
  },
  { effectiveFrom: '2023-08-01', abovePaise: 5 * CRORE, source: 'Notification 10/2023-CT: above 5 crore from 01-08-2023' },
];

/** E-invoice 30-day reporting limit: AATO at or above this cannot report a document older than 30 days (IRP rejects). */
export const EINVOICE_REPORTING_LIMITS: readonly DatedThreshold[] = [
  {
    effectiveFrom: '2023-11-01',
    effectiveTo: '2025-03-31',
    abovePaise: 100 * CRORE - 1,
    source: 'GSTN advisory 13-09-2023: AATO 100 crore and above from 01-11-2023',
  },
  { effectiveFrom: '2025-04-01', abovePaise: 10 * CRORE - 1, source: 'GSTN advisory 05-11-2024: AATO 10 crore and above from 01-04-2025' },
];
export const EINVOICE_REPORTING_DAYS = 30;

/** E-way bill (Rule 138(1)): consignment value above ₹50,000; inter-State from 01-04-2018 (Notification 15/2018-CT). */
export const EWAYBILL_THRESHOLDS: readonly DatedThreshold[] = [
  {
    effectiveFrom: '2018-04-01',
    abovePaise: 50_000_00,
    source: 'Rule 138(1) (Notification 15/2018-CT); States may notify higher intra-State limits',
  },
];

/** Spec core §9: document-value threshold 10,000,000 (rupees) for a plausibility warning. */
export const DOCUMENT_VALUE_WARNING_PAISE = 1_00_00_000_00;

/** The threshold in force on an ISO date, or -1 when none. */
export const thresholdOn = (table: readonly DatedThreshold[], iso: string): number =>
  thresholdOnNumber(compile(table), dateNumberOf(iso, -1));

/** A dated table compiled for the hot path (dates as yyyymmdd integers). */
export type CompiledThresholds = { from: Int32Array; to: Int32Array; above: Float64Array };

const compiledTables = new WeakMap<readonly DatedThreshold[], CompiledThresholds>();

export function compile(table: readonly DatedThreshold[]): CompiledThresholds {
  let c = compiledTables.get(table);
  if (!c) {
    c = {
      from: Int32Array.from(table, (t) => dateNumberOf(t.effectiveFrom, 0)),
      to: Int32Array.from(table, (t) => dateNumberOf(t.effectiveTo, 99_991_231)),
      above: Float64Array.from(table, (t) => t.abovePaise),
    };
    compiledTables.set(table, c);
  }
  return c;
}

/** Allocation-free lookup with the date as a yyyymmdd integer. */
export function thresholdOnNumber(c: CompiledThresholds, dateNumber: number): number {
  for (let i = 0; i < c.from.length; i++) {
    if (c.from[i]! <= dateNumber && dateNumber <= c.to[i]!) return c.above[i]!;
  }
  return -1;
}

export const B2CL_COMPILED = compile(B2CL_THRESHOLDS);
export const EINVOICE_COMPILED = compile(EINVOICE_THRESHOLDS);
export const EINVOICE_REPORTING_COMPILED = compile(EINVOICE_REPORTING_LIMITS);

/** The B2C-large invoice value threshold (paise; B2CL when strictly above) on a date. */
export const b2clThresholdOn = (date: DateInput): number => thresholdOn(B2CL_THRESHOLDS, toIsoDate(date));

/** The e-invoice turnover threshold (paise; required when strictly above), or -1 before 01-10-2020. */
export const einvoiceThresholdOn = (date: DateInput): number => thresholdOn(EINVOICE_THRESHOLDS, toIsoDate(date));

/**
 * Last day on which a credit note for a supply of the financial year starting in `fyStartYear` may be issued (s.34(2)):
 * 30 November after the FY under the Finance Act 2022 (in force 01-10-2022); before that, 30 September after the FY.
 * Which text applies depends on the credit note's own date.
 */
export function creditNoteDeadline(fyStartYear: number, noteIso: string): string {
  return noteIso >= '2022-10-01' ? `${fyStartYear + 1}-11-30` : `${fyStartYear + 1}-09-30`;
}
