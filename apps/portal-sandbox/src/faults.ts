// The portal's error answers: {status_cd: "0", error: {error_cd, message}}. AUTH4033 is the code the GSTN API documents
// for an invalid session; the other codes follow its families (AUTH..., RET...) and are the sandbox's own choice
// where no public document names one (README.md "Error codes").
export class PortalFault extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'PortalFault';
  }
}

export const FAULTS = {
  invalidSession: () => new PortalFault('AUTH4033', 'Invalid Session', 401),
  invalidOtp: () => new PortalFault('AUTH4034', 'Invalid OTP'),
  invalidAppKey: () => new PortalFault('AUTH4036', 'Invalid app key: it could not be decrypted with the portal key'),
  invalidUsername: () => new PortalFault('AUTH4037', 'Invalid Username: this GSTIN is registered with another username'),
  invalidGstin: () => new PortalFault('AUTH4035', 'Invalid GSTIN'),
  otpNotRequested: () => new PortalFault('AUTH4038', 'OTP not requested or expired: request a new OTP'),
  badRequest: (what: string) => new PortalFault('RET191100', `Invalid request: ${what}`, 400),
  badHmac: () => new PortalFault('RET191101', 'Invalid HMAC: the payload does not match its hmac'),
  invalidAction: (action: string) => new PortalFault('RET191102', `Invalid action "${action}" for this resource`, 400),
  alreadySubmitted: () => new PortalFault('RET191114', 'The return is already submitted or filed for this period: data cannot be saved'),
  notSubmitted: () => new PortalFault('RET191115', 'The return is not submitted: submit it before filing'),
  alreadyFiled: () => new PortalFault('RET191116', 'The return is already filed for this period'),
  invalidEvc: () => new PortalFault('RET191117', 'Invalid EVC OTP or PAN'),
  summaryMismatch: () => new PortalFault('RET191118', 'The summary sent does not match the data saved for the period'),
  gstr1NotFiled: () => new PortalFault('RET191119', 'GSTR-1A can be used only after GSTR-1 of the period is filed'),
  unknownReference: () => new PortalFault('RET191120', 'No save with this reference id for the GSTIN and period'),
  // RET2B1018 and RET2B1016 are the codes GSPs calling GSTN in production read as "requested before the cut-off date"
  // and "no documents found" (India Compliance, api_classes/taxpayer_returns.py IGNORED_ERROR_CODES); the first
  // message is the sandbox's, the second the portal's own words for an empty statement.
  gstr2bBeforeCutOff: (generatedOn: string) =>
    new PortalFault('RET2B1018', `GSTR-2B for the return period is generated on ${generatedOn}: it cannot be requested before then`),
  gstr2bNoDocuments: () => new PortalFault('RET2B1016', 'No document found for the provided Inputs'),
  gstr2bClosed: () =>
    new PortalFault('RET2B1030', "GSTR-2B of this period can no longer be generated again: the next period's GSTR-2B is generated"),
  unknownToken: () => new PortalFault('RET191121', 'No queued request with this token for the GSTIN'),
  fileNotReady: () => new PortalFault('RTN_24', 'File generation is in progress, please try after some time'),
  // GSTR-3B and payments (README.md "GSTR-3B, ledgers and challans"): the sandbox's own codes where no public list was
  // found, RET3B91404 the portal's (a GSP's 3B builder checks against it).
  gstr1NotFiledFor3b: (period: string) =>
    new PortalFault('RET191122', `GSTR-3B of ${period} cannot be filed before GSTR-1 of the period is filed (section 39(10))`),
  timeBarred: (period: string, dueDate: string) =>
    new PortalFault(
      'RET191124',
      `The return of ${period} is time-barred: three years have passed since its due date ${dueDate} (section 39(11))`,
    ),
  unlawfulOffset: (why: string) => new PortalFault('RET191125', `The offset is not allowed: ${why}`),
  insufficientBalance: (what: string) => new PortalFault('RET191126', `Insufficient balance: ${what}`),
  notSubmitted3b: () => new PortalFault('RET191127', 'GSTR-3B is not submitted: submit it before offsetting the liability'),
  liabilityOutstanding: () => new PortalFault('RET191128', 'The liability of the return is not fully paid: offset it before filing'),
  nothingSaved: () => new PortalFault('RET191129', 'No GSTR-3B is saved for the period'),
  // DRC-01B / DRC-01C (README.md "DRC-01B and DRC-01C"): the sandbox's own codes, no public list found.
  drcUnanswered: (form: string, refNo: string) =>
    new PortalFault(
      'RET191130',
      `GSTR-1/IFF cannot be filed: the intimation ${refNo} in Form ${form} is not answered in Part B (Rule 59(6)): pay the difference through DRC-03 or explain it`,
    ),
  unknownIntimation: () => new PortalFault('DRC1001', 'No DRC-01B/DRC-01C intimation with this reference number for the GSTIN'),
  intimationAnswered: () => new PortalFault('DRC1002', 'The intimation is already answered in Part B'),
  invalidReply: (why: string) => new PortalFault('DRC1003', `Invalid Part B reply: ${why}`),
  unknownChallan: () => new PortalFault('PMT1001', 'No challan with this CPIN for the GSTIN'),
  challanExpired: (expiredOn: string) =>
    new PortalFault('PMT1002', `The challan expired on ${expiredOn} (valid for 15 days, Rule 87(2)): create a new challan`),
  challanPaid: () => new PortalFault('PMT1003', 'The challan is already paid'),
  invalidChallan: (why: string) => new PortalFault('PMT1004', `Invalid challan: ${why}`),
} as const;
