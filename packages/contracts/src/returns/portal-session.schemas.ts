// The GST portal session of a GSTIN (the OTP step every portal call needs): who may open it, and its state.
import { z } from 'zod';
import type { RightId } from '../rights';

const id = z.number().int().positive();

// GST portal session --------------------------------------------------------------------------------------------------

/**
 * The rights that talk to the GST portal for a GSTIN, and so may sign it in (the OTP step): filing GSTR-1 and GSTR-3B,
 * the 2A/2B downloads, IMS, challans and the electronic ledgers. The server's sign-in routes and the web's session
 * card read this one list.
 */
export const PORTAL_SIGN_IN_RIGHTS = [
  'Gstr1File',
  'Gstr3bFile',
  'Gstr2aReconciliation',
  'InvoiceManagementSystem',
  'GstChallan',
  'ReportLedgers',
] as const satisfies readonly RightId[];
export const PortalSessionQuerySchema = z.object({ entityId: z.coerce.number().int().positive() });
export const PortalOtpRequestSchema = z.object({ entityId: id });
export const PortalAuthenticateRequestSchema = z.object({ entityId: id, otp: z.string().regex(/^\d{6}$/, 'The OTP has 6 digits.') });
export const PortalSessionSchema = z.object({
  entityId: z.number().int(),
  gstin: z.string(),
  /** The portal user name is set (entity/setGstPortalCredential). */
  hasCredentials: z.boolean(),
  active: z.boolean(),
  expiresAt: z.string().nullable(),
  /** True when this installation talks to its own portal sandbox, not the GST portal: the UI says so. */
  sandbox: z.boolean(),
});
export type PortalSession = z.infer<typeof PortalSessionSchema>;
