import { z } from 'zod';

// Spec core §3 "Error item" and §8: every error the API returns is one of these items.
export const ErrorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  propertyName: z.string().optional(),
  type: z.enum(['Error', 'Warning']),
});
export type ErrorItem = z.infer<typeof ErrorItemSchema>;

export const ErrorBodySchema = z.object({
  errors: z.array(ErrorItemSchema),
  developerName: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * The one catalogue of error codes: HTTP status and message text. New codes are added here, never inline.
 * AUTH0013 (expired session) and AUTH0016 are named by spec core §8.
 */
export const ERROR_CATALOGUE = {
  AUTH0001: { status: 422, message: 'Invalid user name or password.' },
  AUTH0002: {
    status: 422,
    message: 'Your account is locked after too many failed sign-in attempts. Use Forgot password or ask your administrator to unlock it.',
  },
  AUTH0003: { status: 422, message: 'Your account is not active. Contact your administrator.' },
  AUTH0004: { status: 422, message: 'The security key has expired or was already used. Please try again.' },
  AUTH0005: { status: 422, message: 'Invalid OTP.' },
  AUTH0006: { status: 422, message: 'The OTP has expired. Request a new one.' },
  AUTH0007: { status: 422, message: 'No OTP attempts left. Start again.' },
  AUTH0008: { status: 422, message: 'No resend attempts left. Start again.' },
  AUTH0009: { status: 422, message: 'Please complete the captcha.' },
  AUTH0010: { status: 422, message: 'Password and confirm password do not match.' },
  AUTH0011: { status: 422, message: 'The password does not meet the password policy.' },
  AUTH0012: { status: 422, message: 'The new password must differ from your recent passwords.' },
  AUTH0013: { status: 401, message: 'Your session has expired. Please sign in again.' },
  AUTH0014: { status: 401, message: 'Please sign in.' },
  AUTH0015: { status: 422, message: 'The reset link is invalid or has expired.' },
  AUTH0016: { status: 401, message: 'This link or step has expired. Please start again.' },
  AUTH0017: { status: 422, message: 'The request could not be decrypted.' },
  AUTH0018: { status: 422, message: 'You are already signed in elsewhere: only one session at a time is allowed.' },
  AUTH0019: {
    status: 422,
    message:
      'Too many wrong one-time passwords (OTP) for this account: OTPs are locked for a while. Reset your password by the e-mailed link instead, or ask your administrator.',
  },
  AUTH0020: {
    status: 422,
    message:
      'Sign-in from this network address is not allowed for your organisation: its administrator has limited sign-in to listed addresses (IP Addresses). Sign in from your office network, or ask your administrator to add this address.',
  },
  AUTH0021: {
    status: 422,
    message:
      'This change would lock you out: the address you are signed in from would no longer be allowed to sign in. Keep an active entry that allows it.',
  },
  GEN0001: { status: 400, message: 'The request is not valid.' },
  GEN0002: { status: 403, message: 'You do not have the right to do this.' },
  GEN0003: { status: 404, message: 'Not found.' },
  GEN0004: { status: 429, message: 'Too many requests. Please wait and try again.' },
  GEN0005: { status: 500, message: 'Something went wrong. Please try again; if it persists, contact support with the request id.' },
  GEN0006: { status: 503, message: 'The application is under scheduled maintenance.' },
  GEN0007: { status: 405, message: 'Method not allowed.' },
  GEN0008: { status: 406, message: 'The request cannot be accepted.' },
  GEN0009: { status: 422, message: 'Validation failed.' },
  GEN0010: {
    status: 403,
    message: 'You have no access to this GSTIN: it is not among your locations. Ask your administrator for access, or pick another GSTIN.',
  },
  GEN0011: {
    status: 503,
    message:
      'You have too many requests in progress at once: the server answers each user in turn so that nobody waits long. Please wait a few seconds and try again.',
  },
  ADM0001: { status: 422, message: 'This user name is already taken.' },
  ADM0002: { status: 422, message: 'The system role Admin holds every right: it cannot be edited or deleted.' },
  ADM0003: { status: 422, message: 'A role with this name already exists.' },
  ADM0004: { status: 422, message: 'Users hold this role: give them another role before deleting it.' },
  ADM0005: { status: 422, message: 'Unknown right.' },
  ADM0006: { status: 422, message: 'You cannot delete, deactivate or lock your own user.' },
  ADM0007: { status: 422, message: 'At least one active user must keep the Admin role.' },
  ADM0008: { status: 422, message: 'The current password is not correct.' },
  ADM0009: { status: 422, message: 'This GSTIN or PAN is already registered.' },
  ADM0010: { status: 422, message: 'A deleted user cannot be changed.' },
  ADM0011: { status: 422, message: 'API keys can be issued only to an active user.' },
  ADM0012: { status: 422, message: 'Enter your current password to change your e-mail address.' },
  ADM0013: {
    status: 403,
    message: 'An API key cannot change an e-mail address or a password: sign in to OpenGST with your password to do it.',
  },
  ADM0014: {
    status: 422,
    message: 'The confirmation code is not correct, has expired or was already used. Change the e-mail address again.',
  },
  ORG0001: { status: 422, message: "The GSTIN's state code must match the location's state." },
  ORG0002: { status: 422, message: 'Every GSTIN under a business must carry the business PAN.' },
  ORG0003: { status: 422, message: 'This GSTIN is already used by another entity.' },
  ORG0004: { status: 422, message: 'A Location belongs to a Business and a Child location to a Location.' },
  ORG0005: { status: 422, message: 'This entity cannot be deleted while it has child entities or documents.' },
  ORG0006: { status: 422, message: 'Another record already uses this name.' },
  ORG0007: { status: 422, message: 'This record cannot be deleted while active users are assigned to it.' },
  ORG0008: { status: 422, message: 'Turnover must be an amount in rupees of zero or more.' },
  ORG0009: { status: 422, message: 'Upload an .xlsx or .csv file with the columns GSTIN, User name, Password.' },
  ORG0010: { status: 422, message: 'A system entity cannot be changed or deleted.' },
  ORG0011: { status: 422, message: 'The entity type and parent cannot change after creation.' },
  IMP0001: { status: 422, message: 'The file is empty.' },
  IMP0002: {
    status: 422,
    message:
      "This file is not a spreadsheet: upload an .xlsx, .xls or .csv file (or, for sales documents, the GST portal's GSTR-1 JSON or e-invoice JSON).",
  },
  IMP0003: {
    status: 422,
    message:
      'This workbook is from Excel 5.0/95 or older: open it in Excel and save it as .xlsx, .xls (97-2003) or .csv, then upload again.',
  },
  IMP0004: { status: 422, message: 'The .xlsx file is damaged and cannot be read.' },
  IMP0005: { status: 422, message: 'The .xlsx file expands to far more data than its size suggests (a zip bomb?): it was refused.' },
  IMP0006: { status: 422, message: 'The file is larger than the size allowed by your import settings.' },
  IMP0007: { status: 422, message: 'The file has more rows than allowed by your import settings.' },
  IMP0008: { status: 422, message: 'Required column is missing from the header row.' },
  IMP0009: { status: 422, message: 'A value is required.' },
  IMP0010: { status: 422, message: 'Not a valid date: use DD-MM-YYYY.' },
  IMP0011: { status: 422, message: 'Not a valid amount: rupees with at most 2 decimals.' },
  IMP0012: { status: 422, message: 'The value is longer than the column allows.' },
  IMP0013: { status: 422, message: 'The value is not one of the allowed values.' },
  IMP0014: { status: 422, message: 'This GSTIN is not one of your locations, or you have no access to it.' },
  IMP0015: { status: 422, message: 'Formulas are not accepted: enter the value itself.' },
  IMP0016: { status: 422, message: 'Not a valid number.' },
  IMP0017: { status: 422, message: 'Rows of the same document disagree on a document-level value.' },
  IMP0019: { status: 422, message: 'Nothing was stored: your import settings store a file only when every row is valid.' },
  IMP0020: { status: 422, message: 'The server stopped while this file was being imported; nothing from it was stored. Import it again.' },
  IMP0021: { status: 422, message: 'Attach the file in the field "file".' },
  IMP0022: { status: 422, message: 'The file has no data rows under the header row.' },
  // .xls (BIFF8) and GSTR-1 JSON uploads.
  IMP0023: {
    status: 422,
    message: 'The workbook is password-protected (encrypted): open it in Excel, remove the password, save it and upload again.',
  },
  IMP0024: { status: 422, message: 'The .xls file is damaged and cannot be read.' },
  IMP0025: { status: 422, message: 'The .xls file declares more data than the file holds: it was refused.' },
  IMP0026: {
    status: 422,
    message:
      "A JSON file is accepted only in an official format: the GST portal's GSTR-1 JSON or e-invoices (INV-01) as sales documents, its GSTR-2A or GSTR-2B JSON as purchase documents.",
  },
  IMP0027: { status: 422, message: 'The JSON file is damaged (not valid JSON) and cannot be read.' },
  IMP0028: { status: 422, message: 'The JSON file is too large to be read: split it by return period.' },
  IMP0029: {
    status: 422,
    message: 'The .xlsx file holds more distinct texts than can be read at once: it was refused. Split it into smaller files.',
  },
  // Returns (issue 7): GSTR-1/1A generation and the GST portal actions.
  RET0001: { status: 422, message: 'Returns are filed per GSTIN: choose a location that has a GSTIN.' },
  RET0002: { status: 422, message: 'The return is being generated: wait until it completes.' },
  RET0003: { status: 422, message: 'A submitted or filed return cannot be generated again.' },
  RET0004: { status: 422, message: 'GSTR-1A can be prepared only after the GSTR-1 of the period is filed.' },
  RET0005: { status: 422, message: 'Generate the return before saving it to the portal.' },
  RET0006: { status: 422, message: 'Documents of the period changed since the return was generated: generate it again first.' },
  RET0007: { status: 422, message: 'The return is already submitted or filed at the portal.' },
  RET0008: { status: 422, message: 'No active GST portal session for this GSTIN: request an OTP and sign in to the portal first.' },
  RET0009: { status: 422, message: 'Set the GST portal user name of this GSTIN first (Organization, GST portal credentials).' },
  RET0010: { status: 422, message: 'Submit needs a save the portal processed without errors.' },
  RET0011: { status: 422, message: 'Only a submitted return can be filed.' },
  RET0012: { status: 422, message: 'The GST portal refused the request.' },
  RET0013: { status: 422, message: 'The portal is still processing the last save: wait for its answer.' },
  RET0014: { status: 422, message: "The portal's data could not be read." },
  RET0015: { status: 422, message: 'The return has no generated JSON yet.' },
  RET0016: {
    status: 422,
    message: "This period is before the location's GST registration: it has no return. Check the registration date on the Entities screen.",
  },
  RET0017: {
    status: 422,
    message:
      'GSTR-1A exists from the July 2024 tax period (Notification 12/2024-CT): report a correction of an earlier period in a later GSTR-1.',
  },
  // GSTR-3B (issue 19): a figure the portal fills and locks, or one the form computes, cannot be entered by hand.
  RET0018: { status: 422, message: 'This GSTR-3B figure is locked: it must equal the figure the system computed.' },
  // GSTR-3B through the GST portal (issue 19): Save, Submit, Offset, File.
  RET0019: { status: 422, message: "The GSTR-3B JSON breaks the portal's structure: it was not sent." },
  RET0020: { status: 422, message: 'The figures changed since the return was saved to the portal: save it again before submitting.' },
  RET0021: { status: 422, message: 'Only a submitted GSTR-3B can be offset: save and submit it first.' },
  RET0022: { status: 422, message: 'This utilisation of credit is not allowed (section 49, 49A, 49B, Rule 88A).' },
  RET0023: { status: 422, message: 'The electronic cash ledger does not hold the cash the offset needs: deposit it by challan first.' },
  RET0024: { status: 422, message: 'The GSTR-3B is being computed: wait until it completes.' },
  REC0001: { status: 404, message: 'This reconciliation does not exist.' },
  REC0002: { status: 422, message: 'These GSTINs have a reconciliation in progress over the same periods. Wait for it to finish.' },
  REC0003: { status: 422, message: 'This reconciliation has not finished yet.' },
  REC0004: {
    status: 422,
    message: 'This reconciliation was replaced by a newer run over the same GSTINs and periods. Open the newer run.',
  },
  REC0005: { status: 422, message: 'These documents cannot be linked.' },
  REC0006: { status: 422, message: 'Choose the period to claim the ITC in.' },
  REC0007: {
    status: 422,
    message: 'A run covers at most 36 return periods. Choose a shorter range, or run the years separately.',
  },
  REC0008: { status: 422, message: 'Only a location with a GSTIN can be reconciled.' },
  REC0009: { status: 422, message: 'Every action of this reconciliation is at the portal already: nothing to push.' },
  // The printed e-invoice and /einvoice-via-pdf-qrcode (issue 22).
  EIN0001: { status: 422, message: 'This document has no IRN: generate its IRN first, then print the e-invoice.' },
  EIN0002: { status: 422, message: 'Upload a PDF, JPG, PNG or TXT file.' },
  EIN0003: {
    status: 422,
    message: 'No QR code was found in this file: upload the e-invoice PDF, a clear image of its QR code, or the signed QR text.',
  },
  EIN0004: {
    status: 422,
    message: "The QR code read from this file is not an e-invoice's signed QR code (a JWS signed by the IRP).",
  },
  EIN0005: { status: 422, message: 'The file is larger than 5 MB: upload the e-invoice PDF or an image of its QR code alone.' },
  // The e-invoicing portal (IRP mode, issue 22) and the request tokens of /portal-redirect and /initialize.
  IRP0001: { status: 422, message: 'Invalid GSTIN, user name or password.' },
  IRP0002: { status: 401, message: 'Your e-invoicing portal session has expired. Please sign in again.' },
  IRP0003: { status: 401, message: 'This sign-in link is invalid, has expired or was already used.' },
  IRP0004: { status: 422, message: 'The IRP refused the request.' },
  IRP0005: { status: 404, message: 'This GSTIN has no such live client system.' },
  IRP0006: { status: 422, message: 'This location has no GSTIN: choose a location registered under GST.' },
  IRP0007: { status: 403, message: 'Request tokens are issued only to a client signed in with an API key.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
