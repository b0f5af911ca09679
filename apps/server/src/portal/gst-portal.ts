// The GST portal as the server sees it (ARCHITECTURE.md "Government portals"): the taxpayer API of GSTN for one
// GSTIN — OTP authentication, then the return actions, generic by form as the API's are (save/status/summary/submit/
// file with EVC on /returns/gstr1, /returns/gstr1a ...), and the downloads of a return or of the statements the portal
// drafts for a recipient (GSTR-2A/2B). `http-gst-portal.ts` implements it over HTTP with the API's encryption; the
// project's sandbox (apps/portal-sandbox) answers the same protocol. Callers never see keys or tokens: a session is an
// opaque sealed value they store (portal_sessions) and hand back.
import type { ReturnForm } from '@opengst/domain';
import type {
  CashLedger,
  Challan,
  ChallanRequest,
  CreditLedger,
  Gstr3bOffsetRequest,
  ItcStatement,
  LedgerBalance,
  LiabilityLedger,
} from './portal-payments';
import type { PortalDrcCalls } from './portal-drc';
import type { PortalNoticeCalls } from './portal-notices';

export type {
  CashLedger,
  CashLedgerEntry,
  Challan,
  ChallanRequest,
  ChallanStatus,
  CreditLedger,
  CreditLedgerEntry,
  Gstr3bCashPayment,
  Gstr3bOffsetRequest,
  HeadMinorAmounts,
  ItcStatement,
  ItcStatementEntry,
  LedgerBalance,
  LedgerEntryType,
  LiabilityLedger,
  LiabilityLedgerEntry,
  MinorHead,
  PaymentMode,
} from './portal-payments';
export type {
  PortalDrc03,
  PortalDrcCalls,
  PortalDrcForm,
  PortalDrcIntimation,
  PortalDrcReply,
  PortalDrcReplyRequest,
  PortalDrcStatus,
} from './portal-drc';
export type { PortalNotice, PortalNoticeCalls, SandboxNoticeRequest } from './portal-notices';

/**
 * The return forms this adapter saves, submits and files (RETSAVE, RETSTATUS, RETSUM, RETSUBMIT, EVC RETFILE,
 * RETTRACK on /returns/<form>); each has its EVC form type in http-gst-portal.ts. GSTR-3B adds its offset between
 * submission and filing (gstr3bOffset).
 */
export type PortalFiledForm = Extract<ReturnForm, 'GSTR1' | 'GSTR1A' | 'GSTR3B'>;
/** The forms this adapter downloads whole: the filed ones, and the statements the portal drafts for a recipient. */
export type PortalDownloadForm = PortalFiledForm | Extract<ReturnForm, 'GSTR2A' | 'GSTR2B'>;

/** What the server keeps between calls for one GSTIN (sealed at rest by the caller). */
export type PortalSessionState = {
  gstin: string;
  userName: string;
  /** ISO timestamp. */
  expiresAt: string;
  /** Adapter-private values (auth token, session key, app key ...). */
  secrets: Record<string, string>;
};

/** One document the portal refused at a save (the error report of RETSTATUS). */
export type PortalDocumentError = {
  /** The save format's section: b2b, cdnr, exp ... */
  section: string;
  documentNumber: string | null;
  counterpartyGstin: string | null;
  errorCode: string;
  errorMessage: string;
};

/** The answer to a save, read with RETSTATUS: P processed, PE processed with errors, ER error, IP in progress. */
export type PortalSaveStatus = {
  status: 'P' | 'PE' | 'ER' | 'IP';
  errors: PortalDocumentError[];
  /** The portal's message for ER (the whole save refused). */
  message: string | null;
};

export type PortalFilingStatus = {
  /** The portal's status of the return for the period: NOT_FILED, SUBMITTED, FILED ... */
  status: string;
  arn: string | null;
  filedOn: string | null;
};

/** IMS sections, as the API keys records and actions: invoices, their amendments, credit and debit notes and theirs. */
export type PortalImsSection = 'b2b' | 'b2ba' | 'b2bcn' | 'b2bcna' | 'b2bdn' | 'b2bdna';
export const PORTAL_IMS_SECTIONS: readonly PortalImsSection[] = ['b2b', 'b2ba', 'b2bcn', 'b2bcna', 'b2bdn', 'b2bdna'];

/** An IMS action: accept, reject, keep pending. No action is what a reset leaves. */
export type PortalImsAction = 'A' | 'R' | 'P';

export type ImsInvoicesParams = {
  /** The sections to read; all six when absent. */
  sections?: readonly PortalImsSection[] | undefined;
  /** Only the records whose action is this one (N: no action). */
  status?: PortalImsAction | 'N' | undefined;
};

/**
 * The ITC reduction a recipient declares on accepting a credit note (or an amendment the October 2025 rules name):
 * none, the whole tax (no amounts), or the amounts given, in paise per head (absent heads are 0). Remarks are
 * mandatory when the reduction declared is partial or none.
 */
export type ImsItcReduction = { required: false } | { required: true; igst?: number; cgst?: number; sgst?: number; cess?: number };

/**
 * One action to save: the record as imsInvoices answered it (raw; a record parseIms read is at its `path` in that
 * answer), sent back with its action of then as prev_status.
 */
export type ImsActionRequest = {
  section: PortalImsSection;
  record: Readonly<Record<string, unknown>>;
  action: PortalImsAction;
  remarks?: string | undefined;
  itcReduction?: ImsItcReduction | undefined;
};

/** One record whose action is reset to none: the record as imsInvoices answered it. */
export type ImsResetRequest = { section: PortalImsSection; record: Readonly<Record<string, unknown>> };

/** A record the portal refused in an IMS save or reset. */
export type ImsRecordError = {
  section: string;
  supplierGstin: string | null;
  documentNumber: string | null;
  /** The supplier's return period, MMYYYY. */
  supplierPeriod: string | null;
  errorCode: string;
  errorMessage: string;
};

/** The outcome of an IMS save or reset: P processed, PE processed with refused records, ER refused whole, IP in progress. */
export type ImsSaveStatus = {
  status: 'P' | 'PE' | 'ER' | 'IP';
  /** Records processed. */
  processed: number;
  errors: ImsRecordError[];
  /** The portal's message for ER. */
  message: string | null;
};

/** The outcome of a GSTR-2B generation asked for: P generated, IP in progress, ER failed (with the portal's message). */
export type Gstr2bGenerationStatus = { status: 'P' | 'IP' | 'ER'; message: string | null };

/** A portal call that failed: the portal's error code and message, kept for the user and the data-activity row. */
export class PortalError extends Error {
  constructor(
    readonly portalCode: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

/**
 * A registration as the GST portal's taxpayer search shows it to anyone (the API's public search, action TP): the
 * GSTIN's status ('Active', 'Cancelled', 'Suspended', 'Inactive' ...), the kind of taxpayer ('Regular', 'Composition',
 * 'Input Service Distributor' ...), the names, and the dates of registration and cancellation (ISO).
 */
export type PortalTaxpayer = {
  gstin: string;
  status: string;
  taxpayerType: string | null;
  legalName: string | null;
  tradeName: string | null;
  registeredOn: string | null;
  cancelledOn: string | null;
};

/** The DRC-01B / DRC-01C calls are portal-drc.ts's, the notices and orders portal-notices.ts's. */
export type GstPortal = PortalDrcCalls &
  PortalNoticeCalls & {
    /** True when this adapter talks to the project's sandbox, not the GST portal (shown in the UI). */
    readonly sandbox: boolean;
    /**
     * The public taxpayer search of one GSTIN (no taxpayer session: any GSTIN may be looked up). PortalError with the
     * portal's code for a GSTIN it does not know, TIMEOUT or NETWORK when it cannot be reached.
     */
    searchTaxpayer(gstin: string): Promise<PortalTaxpayer>;
    /** Asks the portal to send a login OTP to the taxpayer's registered mobile and e-mail. */
    requestOtp(gstin: string, userName: string): Promise<void>;
    /** Exchanges the OTP for a session (auth token valid for hours). */
    authenticate(gstin: string, userName: string, otp: string): Promise<PortalSessionState>;
    /** Extends a session before it expires (the API's REFRESHTOKEN). */
    refresh(session: PortalSessionState): Promise<PortalSessionState>;

    /** RETSAVE: sends the form's JSON in its save format; answers the portal's reference id. */
    save(session: PortalSessionState, form: PortalFiledForm, period: string, payload: string): Promise<{ referenceId: string }>;
    /** RETSTATUS of a save (of any form: the reference id names it). */
    saveStatus(session: PortalSessionState, period: string, referenceId: string): Promise<PortalSaveStatus>;
    /** RETSUM: the portal's section summary of what it holds of the form for the period (its JSON as given). */
    summary(session: PortalSessionState, form: PortalFiledForm, period: string): Promise<unknown>;
    /** RETSUBMIT: freezes the period's data of the form at the portal. */
    submit(session: PortalSessionState, form: PortalFiledForm, period: string): Promise<{ referenceId: string }>;
    /** Asks for the EVC OTP that signs the filing of the form (sent to the authorised signatory). */
    requestEvcOtp(session: PortalSessionState, form: PortalFiledForm, pan: string): Promise<void>;
    /** RETFILE with EVC: files the summary; answers the acknowledgement reference number. */
    file(session: PortalSessionState, form: PortalFiledForm, period: string, pan: string, otp: string): Promise<{ arn: string }>;
    /** The filing status of the form for the period (RETTRACK). */
    filingStatus(session: PortalSessionState, form: PortalFiledForm, period: string): Promise<PortalFilingStatus>;

    /**
     * One section the portal holds of the form for the period, by its key in the whole (b2b, cdnr, hsn ...); undefined when
     * empty (also when the portal answers a "no documents" code, portal-codes.ts).
     */
    section(session: PortalSessionState, form: PortalDownloadForm, period: string, section: string): Promise<unknown>;
    /**
     * The whole form the portal holds for the period, as JSON in the portal's shape: a GSTR-1 in its save format's shape,
     * a GSTR-2A (its sections B2B, B2BA, CDN, CDNA put together) to read with the domain's parseGstr2a, a GSTR-2B (its
     * latest generation) with parseGstr2b (PortalError RET2B1018 or RET2B1023 while not generated, RET2B1016 when it holds
     * no document: portal-codes.ts). A section the portal queues
     * (a token answer) is fetched when ready, within bounded retries (PortalError QUEUED when it gives up).
     */
    download(session: PortalSessionState, form: PortalDownloadForm, period: string): Promise<unknown>;

    /**
     * The recipient's IMS records (GETINV), as JSON in the portal's shape: `{b2b: [...], b2bcn: [...], ...}` with only the
     * sections holding records, each record flat (`stin`, `inum`/`nt_num`, `rtnprd`, amounts, `action`, `ispendactblocked`
     * ...), to read with the domain's IMS reader. Large answers queued by the portal are fetched as download does.
     */
    imsInvoices(session: PortalSessionState, params?: ImsInvoicesParams): Promise<unknown>;
    /** SAVE: accepts, rejects or keeps pending the records; answers the reference id to read with imsSaveStatus. */
    imsSaveActions(session: PortalSessionState, actions: readonly ImsActionRequest[]): Promise<{ referenceId: string }>;
    /** RESETIMS: takes the records' actions back to none; answers the reference id to read with imsSaveStatus. */
    imsResetActions(session: PortalSessionState, records: readonly ImsResetRequest[]): Promise<{ referenceId: string }>;
    /** REQSTS: the outcome of an IMS save or reset. */
    imsSaveStatus(session: PortalSessionState, referenceId: string): Promise<ImsSaveStatus>;
    /** GEN2B: generates the GSTR-2B of the period again from the IMS actions standing now; answers the reference id. */
    regenerateGstr2b(session: PortalSessionState, period: string): Promise<{ referenceId: string }>;
    /** GENSTS2B: the outcome of a generation asked for with regenerateGstr2b. */
    gstr2bGenerationStatus(session: PortalSessionState, referenceId: string): Promise<Gstr2bGenerationStatus>;

    /**
     * AUTOLIAB: the system-generated GSTR-3B of the period (liability from the filed GSTR-1/1A, ITC from the GSTR-2B), in
     * the API's shape `{r3bautopop: {r1fildt, r2bgendt, liabitc: {sup_details: {osup_3_1a: {subtotal}, ...}, elgitc}}}`.
     */
    gstr3bAutoLiability(session: PortalSessionState, period: string): Promise<unknown>;
    /**
     * RETOFFSET: pays the submitted GSTR-3B's liability from the credit and cash ledgers (PortalError when the portal
     * finds it unlawful or the ledgers short). File it then with file(session, 'GSTR3B', ...).
     */
    gstr3bOffset(session: PortalSessionState, period: string, offset: Gstr3bOffsetRequest): Promise<{ referenceId: string }>;

    /** The electronic cash ledger between two ISO dates. */
    cashLedger(session: PortalSessionState, from: string, to: string): Promise<CashLedger>;
    /** The electronic credit ledger between two ISO dates. */
    creditLedger(session: PortalSessionState, from: string, to: string): Promise<CreditLedger>;
    /** The electronic liability ledger of the return periods fromPeriod to toPeriod (MMYYYY). */
    liabilityLedger(session: PortalSessionState, fromPeriod: string, toPeriod: string): Promise<LiabilityLedger>;
    /** The cash and credit balances (as of the period MMYYYY). */
    ledgerBalance(session: PortalSessionState, period: string): Promise<LedgerBalance>;
    /** The electronic credit reversal and re-claimed statement (CLOSINGBAL), as of the period's return. */
    creditReversalStatement(session: PortalSessionState, period: string): Promise<ItcStatement>;
    /** The RCM liability/ITC statement (RCMCLOSINGBAL), as of the period's return. */
    rcmStatement(session: PortalSessionState, period: string): Promise<ItcStatement>;

    /** Creates a challan (PMT-06): its CPIN, valid 15 days. */
    createChallan(session: PortalSessionState, request: ChallanRequest): Promise<Challan>;
    /** One challan by its CPIN. */
    challan(session: PortalSessionState, cpin: string): Promise<Challan>;
    /** The challans created between two ISO dates, the newest first. */
    challans(session: PortalSessionState, from: string, to: string): Promise<Challan[]>;
    /**
     * The project's sandbox only: pays a challan as a bank would (CIN, cash ledger credited). A real payment happens at the
     * bank; against the GST portal this is PortalError SANDBOX_ONLY.
     */
    payChallanInSandbox(session: PortalSessionState, cpin: string): Promise<Challan>;
  };
