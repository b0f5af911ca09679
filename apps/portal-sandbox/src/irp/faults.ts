// The IRP's error answers: {Status: 0, ErrorDetails: [{ErrorCode, ErrorMessage}], InfoDtls}. Codes and messages are
// NIC's published ones (einvoice1.gst.gov.in "Error codes", the API sandbox's pages) where README.md "IRP sandbox"
// says so; the few the sandbox chose where no public text was found are listed there.
export type IrpInfo = { InfCd: string; Desc: unknown };

export class IrpFault extends Error {
  constructor(
    readonly errors: readonly { ErrorCode: string; ErrorMessage: string }[],
    readonly info: readonly IrpInfo[] | null = null,
  ) {
    super(errors.map((e) => `${e.ErrorCode}: ${e.ErrorMessage}`).join('; '));
    this.name = 'IrpFault';
  }
}

const fault = (code: string, message: string, info: readonly IrpInfo[] | null = null) =>
  new IrpFault([{ ErrorCode: code, ErrorMessage: message }], info);

export const IRP_FAULTS = {
  // Vital errors (authentication and headers).
  gstinRequired: () => fault('1004', 'Header GSTIN is required'),
  invalidToken: () => fault('1005', 'Invalid Token'),
  userNameRequired: () => fault('1006', 'User Name is required'),
  authenticationFailed: () => fault('1007', 'Authentication failed. Pls. inform the helpdesk'),
  invalidCredentials: () => fault('1008', 'Invalid login credentials'),
  // NIC's list: "Either the ClientId or the ClientSecret passed in the request header is wrong" (IRP mode only).
  invalidClient: () => fault('1010', 'Invalid Client-ID/Client-Secret'),
  clientIdRequired: () => fault('1011', 'Client Id is required'),
  clientSecretRequired: () => fault('1012', 'Client Secret is required'),
  invalidGstinForUser: () => fault('1015', 'Invalid GSTIN for this user'),
  appKeyDecryption: () => fault('1016', 'Decryption of App Key failed'),
  // Invoice errors.
  notValidated: (details: readonly string[]) =>
    new IrpFault(
      details.length
        ? details.map((d) => ({ ErrorCode: '2140', ErrorMessage: `Error while validating invoice: ${d}` }))
        : [{ ErrorCode: '2140', ErrorMessage: 'Error while validating invoice' }],
    ),
  incompleteRequest: () => fault('2142', 'Incomplete request parameters'),
  notUsersInvoice: () => fault('2143', 'Invoice does not belongs to the user GSTIN'),
  irnNotAvailable: () => fault('2148', 'Requested IRN data is not available'),
  duplicateIrn: (desc: { AckNo: number; AckDt: string; Irn: string }) => fault('2150', 'Duplicate IRN', [{ InfCd: 'DUPIRN', Desc: desc }]),
  irnDetailsNotFound: () => fault('2154', 'IRN details are not found'),
  futureDocumentDate: () => fault('2163', 'The document date should not be future date'),
  igstOnIntraState: () =>
    fault('2172', 'For intra-state transaction, IGST amounts are not applicable; only CGST and SGST amounts are applicable'),
  assessableTotalMismatch: () => fault('2182', 'Total assessable value is not matching with sum of assessable value of items'),
  invoiceValueMismatch: () => fault('2189', 'Invalid total invoice value'),
  itemAssessableMismatch: (hsn: string, slNo: string) =>
    fault('2193', `For HSN - ${hsn} and Sl. No - ${slNo}, AssAmt value should be equal to (TotAmt - Discount)`),
  activeEwaybill: () =>
    fault(
      '2230',
      'This IRN cannot be cancelled because e-way bill has been generated and it is not cancelled, please cancel e-way bill first',
    ),
  cancelWindowOver: () => fault('2270', 'The allowed cancellation time limit is crossed, you cannot cancel the IRN'),
  getWindowOver: () => fault('2283', 'IRN details cannot be provided as it is generated more than 2 days ago'),
  notActive: () => fault('9999', 'Invoice is not active'),
  // No public IRP code was found for the 30-day limit: a code of the sandbox's own (README.md "IRP sandbox").
  reportingWindowOver: (days: number) =>
    fault(
      'SBX2001',
      `The document date is more than ${days} days before the date of reporting: it cannot be reported by a taxpayer of this aggregate turnover`,
    ),
} as const;
