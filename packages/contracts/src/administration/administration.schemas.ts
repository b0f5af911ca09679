import { z } from 'zod';

// The mail outbox and maintenance switch of the administration screens (installation settings: settings/settings.schemas).
export const OutboxQuerySchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(500).default(50),
});
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Null when the content is withheld. */
  text: z.string().nullable(),
  /** The mail carries a one-time code or link (OTP, password reset, welcome, e-mail confirmation): its content is never shown. */
  contentWithheld: z.boolean(),
  createdAt: z.string(),
  status: z.enum(['Queued', 'Sent', 'Failed', 'Outbox']),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxPageSchema = z.object({ items: z.array(OutboxMailSchema), totalRecords: z.number().int() });

export const MaintenanceSwitchSchema = z.object({ enabled: z.boolean() });
