import { z } from 'zod';

// The IRP's API as other systems call it in IRP mode (README.md "IRP mode"; NIC e-invoice API v1.03/v1.04), described
// for the OpenAPI page (/api/docs): headers, bodies and answers. Documentation only: the IRP answers its own way (every
// answer HTTP 200 with Status 1 or 0 and NIC's error codes), so these schemas never validate nor shape a request.

const ClientHeaders = {
  client_id: z.string().describe('The client id of a client system registered for the GSTIN (the portal\'s "API registration").'),
  client_secret: z.string().describe('Its client secret (shown once at registration).'),
  Gstin: z.string().length(15).describe('The GSTIN the call is made for.'),
};
const SessionHeaders = z.object({
  ...ClientHeaders,
  user_name: z.string().describe("The GSTIN's e-invoice API user name."),
  AuthToken: z.string().describe('The AuthToken answered by the authentication (valid 360 minutes).'),
});

const ErrorDetail = z.object({ ErrorCode: z.string(), ErrorMessage: z.string() });
const Envelope = (data: z.ZodType, about: string) =>
  z
    .object({
      Status: z.union([z.literal(1), z.literal(0)]).describe('1: done, Data holds the answer; 0: refused, ErrorDetails says why.'),
      Data: data.nullable().describe(about),
      ErrorDetails: z
        .array(ErrorDetail)
        .nullable()
        .describe(
          "NIC's codes, e.g. 1005 Invalid Token, 1010 Invalid Client-ID/Client-Secret, 1011/1012 client id/secret required, 2150 Duplicate IRN, 2270 cancellation time limit crossed.",
        ),
      InfoDtls: z
        .array(z.object({ InfCd: z.string(), Desc: z.unknown() }))
        .nullable()
        .describe('DUPIRN with {AckNo, AckDt, Irn} of the first registration on 2150.'),
    })
    .describe('Every answer is HTTP 200 with this envelope.');

const SealedData = z.string().describe('Base64 of AES-256-ECB (PKCS#7) with the session key (SEK) of the JSON described.');
const SealedBody = (about: string) => z.object({ Data: SealedData.describe(`AES-256-ECB with the SEK of ${about}`) });

const IrnAnswer =
  'Sealed {AckNo, AckDt (yyyy-MM-dd HH:mm:ss IST), Irn, SignedInvoice (RS256 JWS), SignedQRCode (RS256 JWS), Status ACT|CNL, EwbNo, EwbDt, EwbValidTill, Remarks}.';

export type IrpApiDoc = {
  summary: string;
  description: string;
  headers?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: Record<string, z.ZodType>;
};

/** By the route's method and path under the IRP's prefix (/irp). */
export const IRP_API_DOCS: Readonly<Record<string, IrpApiDoc>> = {
  'GET /keys/public-key': {
    summary: "The IRP's public key",
    description: 'PEM of the RSA key the authentication request is encrypted with.',
    response: { 200: z.string().describe('application/x-pem-file') },
  },
  'GET /keys/signing-certificate': {
    summary: "The IRP's signing certificate",
    description: 'PEM of the X.509 certificate that SignedInvoice and SignedQRCode (RS256) verify against.',
    response: { 200: z.string().describe('application/x-pem-file') },
  },
  'POST /eivital/v1.04/auth': {
    summary: 'Authenticate',
    description:
      'Data: base64 of RSA PKCS#1 v1.5 (the public key) of base64 of {UserName, Password, AppKey (base64 of 32 random bytes), ForceRefreshAccessToken}. The answer carries the AuthToken and the SEK encrypted AES-256-ECB with the AppKey. The first authentication of a GSTIN registers its user name and password. Only a registered, unrevoked client system of the GSTIN may call (1010 otherwise).',
    headers: z.object(ClientHeaders),
    body: z.object({ Data: z.string().describe('The encrypted credentials, base64.') }),
    response: {
      200: Envelope(
        z.object({ ClientId: z.string(), UserName: z.string(), AuthToken: z.string(), Sek: z.string(), TokenExpiry: z.string() }),
        'In clear: the token, the SEK (AES-256-ECB with the AppKey, base64) and its expiry (IST).',
      ),
    },
  },
  'POST /eicore/v1.03/Invoice': {
    summary: 'Generate IRN',
    description:
      "The INV-01 v1.1 JSON, checked against NIC's schema (2140) and the value rules (2193, 2182, 2189, 2172); the IRN is the SHA-256 of the seller GSTIN, financial year, document type and number. A document registered already answers 2150 with InfoDtls DUPIRN.",
    headers: SessionHeaders,
    body: SealedBody('the INV-01 JSON'),
    response: { 200: Envelope(SealedData, IrnAnswer) },
  },
  'GET /eicore/v1.03/Invoice/irn/:irn': {
    summary: 'Get e-invoice by IRN',
    description: 'An IRN of the GSTIN generated in the last 2 days (2283 after, 2148 when unknown, 2143 when of another GSTIN).',
    headers: SessionHeaders,
    params: z.object({ irn: z.string().length(64) }),
    response: { 200: Envelope(SealedData, IrnAnswer) },
  },
  'GET /eicore/v1.03/Invoice/irnbydocdetails': {
    summary: 'Get IRN by document details',
    description: 'The IRN of a document of the GSTIN (the number in any case); 2154 when none.',
    headers: SessionHeaders,
    querystring: z.object({
      doctype: z.enum(['INV', 'CRN', 'DBN']),
      docnum: z.string().max(16),
      docdate: z.string().describe('dd/mm/yyyy'),
    }),
    response: { 200: Envelope(SealedData, IrnAnswer) },
  },
  'POST /eicore/v1.03/Invoice/Cancel': {
    summary: 'Cancel IRN',
    description:
      'Within 24 hours of AckDt (2270 after), with no e-way bill on the IRN (2230), CnlRsn 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others, CnlRem up to 100 characters.',
    headers: SessionHeaders,
    body: SealedBody('{Irn, CnlRsn, CnlRem}'),
    response: { 200: Envelope(SealedData, 'Sealed {Irn, CancelDate (IST)}.') },
  },
};
