import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from '../list';

// The e-invoicing portal (spec core §1 "optional mode for a tax-authority e-invoicing portal", §7 "IRP login metadata
// and IRP load settings", "an IRP variant" of public/encryptor/get; README.md "IRP mode"). The portal's host uses its
// own auth: the irp-auth-token header, a session of a GSTIN's e-invoice user, never the product's auth-token.

export const IRP_PORTAL_HEADERS = { authToken: 'irp-auth-token' } as const;

const gstin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9]{2}[0-9A-Z]{13}$/, 'Enter a 15-character GSTIN.');

/** The GSTIN-user login's fields, in order: the screen builds its form from them. */
export const IrpLoginFieldSchema = z.object({
  name: z.enum(['gstin', 'userName', 'password']),
  label: z.string(),
  type: z.enum(['text', 'password']),
  maxLength: z.number().int(),
});
export const IrpLoginMetadataSchema = z.object({
  applicationTitle: z.string(),
  applicationSubTitle: z.string(),
  environment: z.string(),
  isCaptchaEnabled: z.boolean(),
  loginFields: z.array(IrpLoginFieldSchema),
});
export type IrpLoginMetadata = z.infer<typeof IrpLoginMetadataSchema>;

export const IrpCancelReasonSchema = z.enum(['1', '2', '3', '4']);
export type IrpCancelReason = z.infer<typeof IrpCancelReasonSchema>;

/** The settings the portal's screens need once signed in. */
export const IrpLoadSettingsSchema = z.object({
  applicationTitle: z.string(),
  environment: z.string(),
  /** Where the e-invoicing portal is served (the product's switch goes there); empty = this installation. */
  irpPortalApiUrl: z.string(),
  /** Where other systems call the IRP's API (IRP mode), empty when it is not open. */
  irpApiBaseUrl: z.string(),
  gstin: z.string(),
  userName: z.string(),
  sessionExpiresAt: z.string(),
  pageSize: z.number().int(),
  cancelHours: z.number().int(),
  cancelReasons: z.array(z.object({ code: IrpCancelReasonSchema, text: z.string() })),
});
export type IrpLoadSettings = z.infer<typeof IrpLoadSettingsSchema>;

export const IrpLoginRequestSchema = z.object({
  gstin,
  userName: z.string().trim().min(1).max(100),
  /** AES-256-CBC with the key and iv of public/irp/encryptor/get (its identifier in the enc-id header), base64. */
  password: z.string().min(1).max(1024),
});
export const IrpSessionSchema = z.object({ token: z.string(), gstin: z.string(), userName: z.string(), expiresAt: z.string() });
export type IrpSession = z.infer<typeof IrpSessionSchema>;

export const IrpRequestQuerySchema = z.object({ request: z.string().min(1).max(4096) });

export const IrpInvoiceStatusSchema = z.enum(['ACT', 'CNL']);
export type IrpInvoiceStatus = z.infer<typeof IrpInvoiceStatusSchema>;
export const IrpInvoiceSchema = z.object({
  irn: z.string(),
  docType: z.string(),
  docNo: z.string(),
  docDate: z.string(),
  ackNo: z.string(),
  ackDate: z.string(),
  status: IrpInvoiceStatusSchema,
  ewbNo: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelRemarks: z.string().nullable(),
  cancellableUntil: z.string(),
});
export type IrpInvoice = z.infer<typeof IrpInvoiceSchema>;
export const IrpInvoiceListRequestSchema = listRequestSchema(
  z.object({ search: z.string().trim().max(64).optional(), status: IrpInvoiceStatusSchema.optional() }),
);
export type IrpInvoiceListRequest = z.input<typeof IrpInvoiceListRequestSchema>;
export const IrpInvoiceListSchema = listResponseSchema(IrpInvoiceSchema);

/** CnlRem: 1 to 100 characters (the IRP's limit). */
export const IrpCancelRequestSchema = z.object({
  irn: z.string().regex(/^[0-9a-f]{64}$/, 'An IRN is 64 hexadecimal characters.'),
  reason: IrpCancelReasonSchema,
  remarks: z.string().trim().min(1).max(100),
});
export const IrpCancelResultSchema = z.object({ irn: z.string(), cancelDate: z.string() });

export const IrpClientSystemSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type IrpClientSystem = z.infer<typeof IrpClientSystemSchema>;
export const IrpClientRegisterRequestSchema = z.object({ name: z.string().trim().min(3).max(100) });
/** The secret is in this answer only: it is kept as its SHA-256. */
export const IrpRegisteredClientSchema = IrpClientSystemSchema.extend({ clientSecret: z.string() });
export type IrpRegisteredClient = z.infer<typeof IrpRegisteredClientSchema>;
export const IrpClientRevokeRequestSchema = z.object({ clientId: z.string().min(1).max(64) });

/** The product's switch to the portal: a location (entity) with a GSTIN the user reaches. */
export const IrpSwitchRequestSchema = z.object({ entityId: z.number().int().positive() });
export const IrpSwitchSchema = z.object({ url: z.string() });
