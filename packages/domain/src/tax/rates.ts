// GST rate slabs (total of CGST+SGST, or IGST) as dated data. Internally rates are integer "milli-percent"
// (thousandths of a percent): 18% = 18000, 0.25% = 250, so half-rates such as 0.125% CGST stay exact.
import { type DateInput, dateNumberOf, toIsoDate } from '../dates/calendar';

export type RateSlab = {
  readonly ratePercent: number;
  readonly milliPercent: number;
  readonly effectiveFrom: string;
  readonly effectiveTo?: string;
  /** Restricted: kept only for a few specified goods or services; a validator warns so that the user checks the HSN. */
  readonly restricted: boolean;
  readonly source: string;
};

type SlabSpec = [ratePercent: number, effectiveFrom: string, effectiveTo: string | undefined, restricted: boolean, source: string];

const GST_START = '2017-07-01';
export const RATE_REFORM_2025 = '2025-09-22'; // Notification 9/2025-Central Tax (Rate), 17-09-2025, 56th GST Council
export const COMPENSATION_CESS_END = '2026-01-31'; // compensation cess on tobacco and pan masala ceases from 01-02-2026 (Government notification of 31-12-2025)

const SPECS: SlabSpec[] = [
  [0, GST_START, undefined, false, 'Nil rate / exempt supplies (Notification 2/2017-CT(Rate); 10/2025-CT(Rate) from 22-09-2025)'],
  [0.1, '2017-10-23', undefined, true, 'Supplies to merchant exporters (Notification 40/2017-CT(Rate), 41/2017-IT(Rate))'],
  [0.25, GST_START, undefined, true, 'Rough precious stones (Schedule VI of 1/2017-CT(Rate); Schedule V of 9/2025-CT(Rate))'],
  [1, '2019-04-01', undefined, true, 'Affordable residential apartments (Notification 3/2019-CT(Rate))'],
  [1.5, GST_START, undefined, true, 'Specified precious goods (1/2017-CT(Rate) as amended; Schedule IV of 9/2025-CT(Rate): 0.75% CGST)'],
  [3, GST_START, undefined, true, 'Gold, silver, jewellery (Schedule V of 1/2017-CT(Rate); Schedule VI of 9/2025-CT(Rate))'],
  [5, GST_START, undefined, false, 'Schedule I of 1/2017-CT(Rate); Schedule I of 9/2025-CT(Rate) (2.5% CGST)'],
  [6, GST_START, undefined, true, 'Specified goods and services at 6% (e.g. bricks without ITC, Notification 14/2025-CT(Rate))'],
  [7.5, GST_START, undefined, true, 'Specified services at 7.5% (services rate notification 11/2017-CT(Rate) as amended)'],
  [12, GST_START, '2025-09-21', false, 'Schedule II of 1/2017-CT(Rate) (6% CGST), removed for most goods from 22-09-2025'],
  [
    12,
    RATE_REFORM_2025,
    undefined,
    true,
    'Kept only for specified goods and services after 22-09-2025 (e.g. bricks with ITC, Notification 14/2025-CT(Rate))',
  ],
  [18, GST_START, undefined, false, 'Schedule III of 1/2017-CT(Rate); Schedule II of 9/2025-CT(Rate) (9% CGST)'],
  [28, GST_START, '2025-09-21', false, 'Schedule IV of 1/2017-CT(Rate) (14% CGST)'],
  [
    28,
    RATE_REFORM_2025,
    COMPENSATION_CESS_END,
    true,
    'Schedule VII of 9/2025-CT(Rate) (14% CGST): tobacco and pan masala until compensation cess ends',
  ],
  [40, RATE_REFORM_2025, undefined, false, 'Schedule III of 9/2025-CT(Rate) (20% CGST): specified luxury and sin goods'],
];

/** Integer milli-percent of a percentage (18 -> 18000, 0.125 -> 125); NaN when not a multiple of 0.001%. */
export function toMilliPercent(ratePercent: number): number {
  if (typeof ratePercent !== 'number' || !Number.isFinite(ratePercent) || ratePercent < 0) return Number.NaN;
  const m = Math.round(ratePercent * 1000);
  return Math.abs(m - ratePercent * 1000) < 1e-6 ? m : Number.NaN;
}

export const RATE_SLABS: readonly RateSlab[] = SPECS.map(([ratePercent, effectiveFrom, effectiveTo, restricted, source]) => ({
  ratePercent,
  milliPercent: toMilliPercent(ratePercent),
  effectiveFrom,
  ...(effectiveTo === undefined ? {} : { effectiveTo }),
  restricted,
  source,
}));

const inForce = (slab: RateSlab, iso: string): boolean =>
  slab.effectiveFrom <= iso && (slab.effectiveTo === undefined || iso <= slab.effectiveTo);

/** The GST rate slabs valid on a date, lowest first. */
export function gstRatesOn(date: DateInput): RateSlab[] {
  const iso = toIsoDate(date);
  return RATE_SLABS.filter((s) => inForce(s, iso));
}

export type RateStatus = 'valid' | 'restricted' | 'invalid';

// Compiled form of RATE_SLABS for the hot path: dates as yyyymmdd integers.
const SLAB_MILLI = Int32Array.from(RATE_SLABS, (s) => s.milliPercent);
const SLAB_FROM = Int32Array.from(RATE_SLABS, (s) => dateNumberOf(s.effectiveFrom, 0));
const SLAB_TO = Int32Array.from(RATE_SLABS, (s) => dateNumberOf(s.effectiveTo, 99_991_231));
const SLAB_RESTRICTED = Uint8Array.from(RATE_SLABS, (s) => (s.restricted ? 1 : 0));

/** rateStatusOn with the date as a yyyymmdd integer (isoDateNumber). Allocation-free. */
export function rateStatusOnNumber(milliPercent: number, dateNumber: number): RateStatus {
  let status: RateStatus = 'invalid';
  for (let i = 0; i < SLAB_MILLI.length; i++) {
    if (SLAB_MILLI[i] === milliPercent && SLAB_FROM[i]! <= dateNumber && dateNumber <= SLAB_TO[i]!) {
      if (SLAB_RESTRICTED[i] === 0) return 'valid';
      status = 'restricted';
    }
  }
  return status;
}

/**
 * Status of a rate (milli-percent) on an ISO date. 'restricted': a slab kept only for a few specified goods or
 * services on that date.
 */
export const rateStatusOn = (milliPercent: number, iso: string): RateStatus => rateStatusOnNumber(milliPercent, dateNumberOf(iso, -1));

/** Compensation cess (GST (Compensation to States) Act 2017) can be charged on this date. */
export const isCompensationCessInForce = (iso: string): boolean => iso >= GST_START && iso <= COMPENSATION_CESS_END;
const CESS_FROM = dateNumberOf(GST_START, 0);
const CESS_TO = dateNumberOf(COMPENSATION_CESS_END, 0);
export const isCompensationCessInForceNumber = (dateNumber: number): boolean => dateNumber >= CESS_FROM && dateNumber <= CESS_TO;
