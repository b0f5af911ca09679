// The notices and orders the GST portal shows a taxpayer (Services > User Services > View Additional Notices and
// Orders: ASMT-10, DRC-01, DRC-01A, DRC-07, REG-17, ... each with its reference, dates, officer and a PDF). GSTN
// publishes no API for this page: the JSON read here is the project's own, as its sandbox answers it
// (apps/portal-sandbox/README.md "Notices and orders"; rupees and DD/MM/YYYY on the wire), turned once into paise and
// ISO dates. http-gst-portal.ts lends its transport (noticeCalls).
import { PortalError, type PortalSessionState } from './gst-portal';

/** One notice or order as the portal lists it; amounts in paise. */
export type PortalNotice = {
  caseId: string;
  referenceNumber: string;
  form: string;
  kind: 'Notice' | 'Order';
  issuedOn: string;
  /** The reply's due date the notice states; null when it states none (an order). */
  dueOn: string | null;
  section: string;
  /** '2023-24' style. */
  financialYears: string[];
  subject: string;
  officerName: string;
  officerDesignation: string;
  jurisdiction: string;
  tax: { igst: number; cgst: number; sgst: number; cess: number };
  interest: number;
  penalty: number;
  documentName: string;
};

/** What the project's sandbox takes to issue a notice (its control hook); amounts in paise, dates ISO. */
export type SandboxNoticeRequest = Omit<PortalNotice, 'caseId' | 'kind' | 'documentName'> & { caseId?: string | undefined };

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
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text(v));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};
const slashDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const portalNoticeOf = (data: Json): PortalNotice => {
  const issuedOn = isoDate(data['issue_dt']);
  const referenceNumber = text(data['ref_id']);
  const form = text(data['form_typ']);
  if (!issuedOn || !referenceNumber || !form)
    throw new PortalError('BAD_ANSWER', 'The GST portal answered a notice without its form, reference number or date of issue.');
  const officer = obj(data['issued_by']);
  const amt = obj(data['amt']);
  const tax = obj(amt['tax']);
  return {
    caseId: text(data['case_id']),
    referenceNumber,
    form,
    kind: text(data['doc_typ']) === 'ORDER' ? 'Order' : 'Notice',
    issuedOn,
    dueOn: isoDate(data['due_dt']) || null,
    section: text(data['section']),
    financialYears: Array.isArray(data['fy']) ? data['fy'].map(text).filter((f) => f !== '') : [],
    subject: text(data['subject']),
    officerName: text(officer['name']),
    officerDesignation: text(officer['desig']),
    jurisdiction: text(officer['juris']),
    tax: { igst: paise(tax['iamt']), cgst: paise(tax['camt']), sgst: paise(tax['samt']), cess: paise(tax['csamt']) },
    interest: paise(amt['intr']),
    penalty: paise(amt['pen']),
    documentName: text(data['doc_name']),
  };
};

export type NoticeTransport = {
  sandbox: boolean;
  get: (session: PortalSessionState, path: string, query: Record<string, string>) => Promise<unknown>;
  write: (session: PortalSessionState, method: 'PUT' | 'POST', path: string, action: string, payload: unknown) => Promise<Json>;
};

export type PortalNoticeCalls = {
  /** The notices and orders the portal holds for the session's GSTIN, the newest first. */
  notices(session: PortalSessionState): Promise<PortalNotice[]>;
  /** One notice's PDF. */
  noticeDocument(session: PortalSessionState, referenceNumber: string): Promise<{ name: string; content: Buffer }>;
  /** The project's sandbox only: an officer issues a notice to the session's GSTIN (PortalError SANDBOX_ONLY otherwise). */
  issueNoticeInSandbox(session: PortalSessionState, notice: SandboxNoticeRequest): Promise<PortalNotice>;
};

const NOTICES_PATH = '/taxpayerapi/v1.0/notices';

export const noticeCalls = (io: NoticeTransport): PortalNoticeCalls => ({
  async notices(session) {
    const data = obj(await io.get(session, NOTICES_PATH, { action: 'LIST', gstin: session.gstin }));
    return (Array.isArray(data['notices']) ? data['notices'] : []).map((n) => portalNoticeOf(obj(n)));
  },
  async noticeDocument(session, referenceNumber) {
    const data = obj(await io.get(session, NOTICES_PATH, { action: 'DOWNLOAD', gstin: session.gstin, ref_id: referenceNumber }));
    return { name: text(data['doc_name']), content: Buffer.from(text(data['content']), 'base64') };
  },
  async issueNoticeInSandbox(session, notice) {
    if (!io.sandbox) throw new PortalError('SANDBOX_ONLY', 'Notices are issued by the tax officer: only the project’s sandbox takes one.');
    const answer = await io.write(session, 'PUT', `${NOTICES_PATH}/sandbox-issue`, 'ISSUE', {
      ...(notice.caseId ? { case_id: notice.caseId } : {}),
      form_typ: notice.form,
      ref_id: notice.referenceNumber,
      issue_dt: slashDate(notice.issuedOn),
      ...(notice.dueOn ? { due_dt: slashDate(notice.dueOn) } : {}),
      section: notice.section,
      fy: notice.financialYears,
      subject: notice.subject,
      issued_by: { name: notice.officerName, desig: notice.officerDesignation, juris: notice.jurisdiction },
      amt: {
        tax: {
          iamt: rupees(notice.tax.igst),
          camt: rupees(notice.tax.cgst),
          samt: rupees(notice.tax.sgst),
          csamt: rupees(notice.tax.cess),
        },
        intr: rupees(notice.interest),
        pen: rupees(notice.penalty),
      },
    });
    return portalNoticeOf(answer);
  },
});
