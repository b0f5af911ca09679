// The GST portal as the server sees it (ARCHITECTURE.md "Government portals"): the taxpayer API of GSTN for one
// GSTIN — OTP authentication, GSTR-1 save/status/summary/submit/file with EVC, and the recipient's GSTR-2A/2B.
// `http-gst-portal.ts` implements it over HTTP with the API's encryption; the project's sandbox
// (apps/portal-sandbox) answers the same protocol. Callers never see keys or tokens: a session is an opaque sealed
// value they store (portal_sessions) and hand back.

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

/** A portal call that failed: the portal's error code and message, kept for the user and the data-activity row. */
export class PortalError extends Error {
  constructor(readonly portalCode: string, message: string, readonly httpStatus?: number) {
    super(message);
    this.name = 'PortalError';
  }
}

export interface GstPortal {
  /** True when this adapter talks to the project's sandbox, not the GST portal (shown in the UI). */
  readonly sandbox: boolean;
  /** Asks the portal to send a login OTP to the taxpayer's registered mobile and e-mail. */
  requestOtp(gstin: string, userName: string): Promise<void>;
  /** Exchanges the OTP for a session (auth token valid for hours). */
  authenticate(gstin: string, userName: string, otp: string): Promise<PortalSessionState>;
  /** Extends a session before it expires (the API's REFRESHTOKEN). */
  refresh(session: PortalSessionState): Promise<PortalSessionState>;

  /** RETSAVE: sends a GSTR-1 (or GSTR-1A) JSON; answers the portal's reference id. */
  saveGstr1(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', period: string, payload: string): Promise<{ referenceId: string }>;
  /** RETSTATUS of a save. */
  saveStatus(session: PortalSessionState, period: string, referenceId: string): Promise<PortalSaveStatus>;
  /** RETSUM: the portal's section summary of what it holds for the period (its JSON as given). */
  gstr1Summary(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', period: string): Promise<unknown>;
  /** RETSUBMIT: freezes the period's data at the portal. */
  submitGstr1(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', period: string): Promise<{ referenceId: string }>;
  /** Asks for the EVC OTP that signs the filing (sent to the authorised signatory). */
  requestEvcOtp(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', pan: string): Promise<void>;
  /** RETFILE with EVC: files the summary; answers the acknowledgement reference number. */
  fileGstr1(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', period: string, pan: string, otp: string): Promise<{ arn: string }>;
  /** The filing status of a return for the period (RETTRACK). */
  filingStatus(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', period: string): Promise<PortalFilingStatus>;
  /** The whole GSTR-1 the portal holds for the period (b2b, cdnr ...), in the save format's shape. */
  getGstr1(session: PortalSessionState, returnType: 'GSTR1' | 'GSTR1A', period: string): Promise<unknown>;

  /** The recipient's GSTR-2A for the period: the JSON as the portal gives it (read with the domain's parseGstr2a). */
  getGstr2a(session: PortalSessionState, period: string): Promise<unknown>;
  /** The recipient's GSTR-2B for the period (read with parseGstr2b); PortalError RET2B... while not yet generated. */
  getGstr2b(session: PortalSessionState, period: string): Promise<unknown>;
}
