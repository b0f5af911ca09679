import { z } from 'zod';

// The notice register's sync from the GST portal (issue 23): one GSTIN at a time (the screen walks the chosen GSTINs
// and shows its progress), over the GSTIN's portal session, when the subscriber's litigationSync setting is on.

export const NoticePortalSyncRequestSchema = z.object({ entityId: z.number().int().positive() });
export type NoticePortalSyncRequest = z.infer<typeof NoticePortalSyncRequestSchema>;

/** What one GSTIN's sync did: notices read from the portal, added, updated in the portal's fields, left as they were. */
export const NoticePortalSyncResultSchema = z.object({
  entityId: z.number().int(),
  gstin: z.string(),
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The Sync record of /data-activities. */
  activityId: z.number().int(),
});
export type NoticePortalSyncResult = z.infer<typeof NoticePortalSyncResultSchema>;
