// DRC-01B (Rule 88C) and DRC-01C (Rule 88D) as the server sees them at the GST portal: the intimations (Part A) the
// portal raises after a GSTR-3B is filed, and the Part B reply signed with an EVC OTP (a reason with its explanation, a
// DRC-03 payment from the cash ledger, or both). The API's JSON (rupees, DD/MM/YYYY; apps/portal-sandbox/README.md
// "DRC-01B and DRC-01C": no public GSTN document gives these calls, the sandbox's shape is the one read here) is read
// and written once, in the project's paise and ISO dates. http-gst-portal.ts lends its transport (drcCalls).
import type { Heads, MismatchThreshold } from '@opengst/domain';
import { PortalError, type PortalSessionState } from './gst-portal';
import { hmacOf } from './portal-crypto';

export type PortalDrcForm = 'DRC01B' | 'DRC01C';
export type PortalDrcStatus = 'Issued' | 'Replied';

export type PortalDrc03 = { arn: string; paidOn: string; tax: Heads; interest: Heads };
export type PortalDrcReply = {
  ackNumber: string;
  repliedOn: string | null;
  reasonCode: string | null;
  explanation: string | null;
  drc03: PortalDrc03 | null;
};
/** Part A as the portal holds it; amounts in paise per head. */
export type PortalDrcIntimation = {
  referenceNumber: string;
  form: PortalDrcForm;
  period: string;
  issuedOn: string;
  dueOn: string;
  status: PortalDrcStatus;
  /** GSTR-1/1A liability (DRC-01B) or ITC availed in GSTR-3B (DRC-01C). */
  reported: Heads;
  /** Tax paid in GSTR-3B (DRC-01B) or ITC in GSTR-2B (DRC-01C). */
  baseline: Heads;
  difference: Heads;
  excess: Heads;
  totalExcess: number;
  percentBasisPoints: number | null;
  threshold: MismatchThreshold | null;
  explanation: string;
  reply: PortalDrcReply | null;
};
/** Part B: a reason (a key of the domain's DRC01B_REASONS / DRC01C_REASONS) and/or a DRC-03 payment, paise. */
export type PortalDrcReplyRequest = {
  referenceNumber: string;
  reason?: { code: string; explanation: string } | undefined;
  drc03?: { tax: Heads; interest: Heads } | undefined;
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const paise = (v: unknown): number => {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new PortalError('BAD_ANSWER', 'The GST portal answered an amount that is not a number.');
  return Math.round(v * 100);
};
const rupees = (p: number): number => p / 100 + 0;
const isoDate = (v: unknown): string => {
  const m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(text(v));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};
const headsOf = (v: unknown): Heads => {
  const o = obj(v);
  return { igst: paise(o['iamt']), cgst: paise(o['camt']), sgst: paise(o['samt']), cess: paise(o['csamt']) };
};
const wireHeads = (h: Heads): Json => ({ iamt: rupees(h.igst), camt: rupees(h.cgst), samt: rupees(h.sgst), csamt: rupees(h.cess) });

const FORMS: readonly PortalDrcForm[] = ['DRC01B', 'DRC01C'];

export const drcIntimationOf = (data: Json): PortalDrcIntimation => {
  const form = text(data['form_typ']) as PortalDrcForm;
  const status = text(data['status']);
  if (!FORMS.includes(form) || (status !== 'ISSUED' && status !== 'REPLIED'))
    throw new PortalError('BAD_ANSWER', `The GST portal answered an intimation of unknown form "${form}" or status "${status}".`);
  const threshold = data['threshold'] ? obj(data['threshold']) : null;
  const reply = data['reply'] ? obj(data['reply']) : null;
  const drc03 = reply?.['drc03'] ? obj(reply['drc03']) : null;
  const pct = data['pct_bps'];
  return {
    referenceNumber: text(data['ref_no']),
    form,
    period: text(data['ret_period']),
    issuedOn: isoDate(data['issue_dt']),
    dueOn: isoDate(data['due_dt']),
    status: status === 'ISSUED' ? 'Issued' : 'Replied',
    reported: headsOf(data['reported']),
    baseline: headsOf(data['baseline']),
    difference: headsOf(data['difference']),
    excess: headsOf(data['excess']),
    totalExcess: paise(data['tot_excess']),
    percentBasisPoints: typeof pct === 'number' ? pct : null,
    threshold: threshold
      ? {
          amount: paise(threshold['amt']),
          percentBasisPoints: Number(threshold['pct_bps'] ?? 0),
          rule: threshold['rule'] === 'amountAndPercent' ? 'amountAndPercent' : 'amountOrPercent',
        }
      : null,
    explanation: text(data['explanation']),
    reply: reply
      ? {
          ackNumber: text(reply['ack_num']),
          repliedOn: isoDate(reply['reply_dt']) || null,
          reasonCode: text(reply['reason_cd']) || null,
          explanation: text(reply['explanation']) || null,
          drc03: drc03
            ? { arn: text(drc03['arn']), paidOn: isoDate(drc03['paid_dt']), tax: headsOf(drc03['tax']), interest: headsOf(drc03['intr']) }
            : null,
        }
      : null,
  };
};

/** REPLY's data: {ref_no, reason?: {cd, explanation}, drc03?: {tax, intr}} in rupees. */
export const drcReplyPayload = (request: PortalDrcReplyRequest): Json => ({
  ref_no: request.referenceNumber,
  ...(request.reason ? { reason: { cd: request.reason.code, explanation: request.reason.explanation } } : {}),
  ...(request.drc03 ? { drc03: { tax: wireHeads(request.drc03.tax), intr: wireHeads(request.drc03.interest) } } : {}),
});

/** What the DRC calls need of the adapter's transport. */
export type DrcTransport = {
  sandbox: boolean;
  get: (session: PortalSessionState, path: string, query: Record<string, string>) => Promise<unknown>;
  write: (
    session: PortalSessionState,
    method: 'PUT' | 'POST',
    path: string,
    action: string,
    payload: unknown,
    extra?: Record<string, string>,
  ) => Promise<Json>;
  evcOtp: (session: PortalSessionState, formType: string, pan: string) => Promise<void>;
};

export type PortalDrcCalls = {
  /** The DRC-01B / DRC-01C intimations of the GSTIN (one form or both), the newest first. */
  drcIntimations(session: PortalSessionState, form?: PortalDrcForm): Promise<PortalDrcIntimation[]>;
  drcIntimation(session: PortalSessionState, referenceNumber: string): Promise<PortalDrcIntimation>;
  /** Asks for the EVC OTP that signs a Part B reply of the form. */
  requestDrcEvcOtp(session: PortalSessionState, form: PortalDrcForm, pan: string): Promise<void>;
  /** Part B, signed with the EVC OTP: answers the intimation replied (PortalError when the portal refuses it). */
  replyToDrcIntimation(session: PortalSessionState, request: PortalDrcReplyRequest, pan: string, otp: string): Promise<PortalDrcIntimation>;
  /** The project's sandbox only: the threshold its checks use for the GSTIN (PortalError SANDBOX_ONLY otherwise). */
  setDrcThresholdInSandbox(session: PortalSessionState, form: PortalDrcForm, threshold: MismatchThreshold): Promise<void>;
};

const DRC_PATH = '/taxpayerapi/v2.0/returns/drc01';

export const drcCalls = (io: DrcTransport): PortalDrcCalls => ({
  async drcIntimations(session, form) {
    const data = obj(await io.get(session, DRC_PATH, { action: 'LIST', gstin: session.gstin, ...(form ? { form_typ: form } : {}) }));
    return (Array.isArray(data['intimations']) ? data['intimations'] : []).map((i) => drcIntimationOf(obj(i)));
  },
  async drcIntimation(session, referenceNumber) {
    return drcIntimationOf(obj(await io.get(session, DRC_PATH, { action: 'DETAIL', gstin: session.gstin, ref_no: referenceNumber })));
  },
  async requestDrcEvcOtp(session, form, pan) {
    await io.evcOtp(session, form, pan);
  },
  async replyToDrcIntimation(session, request, pan, otp) {
    const payload = drcReplyPayload(request);
    // EVC signs the reply as it signs a filing: HMAC-SHA256 keyed with the OTP over the payload's base64.
    const sign = hmacOf(Buffer.from(otp), Buffer.from(JSON.stringify(payload)).toString('base64'));
    return drcIntimationOf(await io.write(session, 'POST', DRC_PATH, 'REPLY', payload, { st: 'EVC', sid: `${pan}|${otp}`, sign }));
  },
  async setDrcThresholdInSandbox(session, form, threshold) {
    if (!io.sandbox)
      throw new PortalError('SANDBOX_ONLY', 'The GST portal’s thresholds are its own: only the project’s sandbox takes one.');
    await io.write(session, 'PUT', `${DRC_PATH}/sandbox-threshold`, 'SETTHRESHOLD', {
      form_typ: form,
      amt: rupees(threshold.amount),
      pct_bps: threshold.percentBasisPoints,
      rule: threshold.rule,
    });
  },
});
