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
  text: z.string(),
  createdAt: z.string(),
  status: z.enum(['Queued', 'Sent', 'Failed', 'Outbox']),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxPageSchema = z.object({ items: z.array(OutboxMailSchema), totalRecords: z.number().int() });

export const MaintenanceSwitchSchema = z.object({ enabled: z.boolean() });
