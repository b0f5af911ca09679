// How a challan (Form GST PMT-06) may be paid: Rule 87(3) of the CGST Rules, and the over-the-counter limit.
//
// - Rule 87(3): (i) internet banking through authorised banks; (ia) UPI and (ib) IMPS from any bank (inserted by
//   Notification 14/2022-CT, 05-07-2022); (ii) credit or debit card through an authorised bank; (iii) NEFT or RTGS
//   from any bank; (iv) over the counter (OTC) at an authorised bank, by cash, cheque or demand draft, for deposits up
//   to ten thousand rupees per challan per tax period.
// - The proviso lifts the OTC limit for Government departments and persons the Commissioner notifies, for proper
//   officers recovering dues (including by attachment or sale), and for amounts collected in cash, cheque or demand
//   draft during investigation or enforcement, or ad hoc deposits.
// - Rule 87(5): NEFT, RTGS and IMPS go through a mandate form generated with the challan, valid like it for 15 days.
import { thresholdOn, type DatedThreshold } from '../documents/thresholds';

export type PaymentMode = 'netBanking' | 'card' | 'upi' | 'imps' | 'neftRtgs' | 'otc';
/** The portal's three ways: e-payment at the bank's gateway, a mandate form taken to any bank, cash or cheque at a counter. */
export type PaymentChannel = 'ePayment' | 'mandate' | 'overTheCounter';
export type PaymentModeInfo = { label: string; channel: PaymentChannel; availableFrom: string; source: string };

const GST_START = '2017-07-01';

export const PAYMENT_MODES: Readonly<Record<PaymentMode, PaymentModeInfo>> = {
  netBanking: { label: 'Net banking', channel: 'ePayment', availableFrom: GST_START, source: 'Rule 87(3)(i)' },
  card: { label: 'Credit or debit card', channel: 'ePayment', availableFrom: GST_START, source: 'Rule 87(3)(ii)' },
  upi: { label: 'UPI', channel: 'ePayment', availableFrom: '2022-07-05', source: 'Rule 87(3)(ia), Notification 14/2022-CT' },
  imps: { label: 'IMPS', channel: 'mandate', availableFrom: '2022-07-05', source: 'Rule 87(3)(ib), Notification 14/2022-CT' },
  neftRtgs: { label: 'NEFT/RTGS', channel: 'mandate', availableFrom: GST_START, source: 'Rule 87(3)(iii)' },
  otc: { label: 'Over the counter', channel: 'overTheCounter', availableFrom: GST_START, source: 'Rule 87(3)(iv)' },
};

/** Who the OTC limit does not bind (Rule 87(3), proviso). */
export type OtcExemption = 'governmentDepartment' | 'recoveryOfDues' | 'investigationOrEnforcement';
export const OTC_EXEMPTIONS: Readonly<Record<OtcExemption, string>> = {
  governmentDepartment: 'Government department, or a person notified by the Commissioner',
  recoveryOfDues: 'Proper officer recovering outstanding dues',
  investigationOrEnforcement: 'Amount collected during investigation or enforcement, or an ad hoc deposit',
};

/** The OTC limit per challan, paise: a deposit above it is refused (Rule 87(3)(iv), unchanged since 2017). */
export const OTC_LIMITS: readonly DatedThreshold[] = [{ effectiveFrom: GST_START, abovePaise: 10_000 * 100, source: 'Rule 87(3)(iv)' }];

/** The OTC limit on a day (YYYY-MM-DD), or null before GST. */
export const otcLimitOn = (on: string): number | null => {
  const limit = thresholdOn(OTC_LIMITS, on);
  return limit < 0 ? null : limit;
};
