import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from '../list';

// Announcements (spec core §2 /announcements, §7 "Dashboard and announcements"; modules §2.7 /public-latest-updates and
// the /home bell). An announcement is written by the installation's administrators for everyone (Public), for every
// signed-in user (AllSubscribers) or for one subscriber's users (Subscriber). Its body is HTML the server sanitises.

export const ANNOUNCEMENT_AUDIENCES = ['Public', 'AllSubscribers', 'Subscriber'] as const;
export const AnnouncementAudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudienceSchema>;

/** Derived from the dates, never stored: Draft (no publish date), Scheduled, Published, Expired, Withdrawn. */
export const ANNOUNCEMENT_STATUSES = ['Draft', 'Scheduled', 'Published', 'Expired', 'Withdrawn'] as const;
export const AnnouncementStatusSchema = z.enum(ANNOUNCEMENT_STATUSES);
export type AnnouncementStatus = z.infer<typeof AnnouncementStatusSchema>;

const dateTime = z.iso.datetime({ offset: true });

/** What anyone may read of a published public announcement. */
export const PublicAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (a small allow-list of tags, no scripts, handlers or styles). */
  body: z.string(),
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type PublicAnnouncement = z.infer<typeof PublicAnnouncementSchema>;

/** A signed-in user's announcement: the public fields, its audience and whether this user has read it. */
export const UserAnnouncementSchema = PublicAnnouncementSchema.extend({
  audience: AnnouncementAudienceSchema,
  isRead: z.boolean(),
});
export type UserAnnouncement = z.infer<typeof UserAnnouncementSchema>;

/** The administration's view: every announcement with its status and who wrote it. */
export const AdminAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: AnnouncementAudienceSchema,
  subscriberId: z.number().int().nullable(),
  publishAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  status: AnnouncementStatusSchema,
  createdBy: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;

export const AnnouncementFiltersSchema = z.object({
  /** Words of the title or body. */
  text: z.string().trim().max(100).optional(),
});
export const AnnouncementSearchSchema = listRequestSchema(AnnouncementFiltersSchema);
export type AnnouncementSearch = z.input<typeof AnnouncementSearchSchema>;

export const UserAnnouncementFiltersSchema = AnnouncementFiltersSchema.extend({ unreadOnly: z.boolean().optional() });
export const UserAnnouncementSearchSchema = listRequestSchema(UserAnnouncementFiltersSchema);

export const AdminAnnouncementSearchSchema = listRequestSchema(
  AnnouncementFiltersSchema.extend({ status: AnnouncementStatusSchema.optional() }),
);

export const PublicAnnouncementPageSchema = listResponseSchema(PublicAnnouncementSchema);
export const UserAnnouncementPageSchema = listResponseSchema(UserAnnouncementSchema);
export const AdminAnnouncementPageSchema = listResponseSchema(AdminAnnouncementSchema);

export const AnnouncementIdSchema = z.object({ id: z.coerce.number().int().positive() });
export const AnnouncementIdsSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

/** Create (no id) or update. A null publishAt keeps it a draft; a future one schedules it. */
export const AnnouncementSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    title: z.string().trim().min(1).max(200),
    body: z.string().min(1).max(20_000),
    audience: AnnouncementAudienceSchema,
    subscriberId: z.number().int().positive().nullish(),
    publishAt: dateTime.nullish(),
    expiresAt: dateTime.nullish(),
  })
  .superRefine((value, issues) => {
    if (value.audience === 'Subscriber' && !value.subscriberId)
      issues.addIssue({ code: 'custom', path: ['subscriberId'], message: 'Choose the subscriber this announcement is for.' });
    if (value.audience !== 'Subscriber' && value.subscriberId)
      issues.addIssue({ code: 'custom', path: ['subscriberId'], message: 'Only a Subscriber announcement names a subscriber.' });
    if (value.expiresAt && !value.publishAt)
      issues.addIssue({ code: 'custom', path: ['expiresAt'], message: 'An expiry needs a publish date.' });
    if (value.expiresAt && value.publishAt && Date.parse(value.expiresAt) <= Date.parse(value.publishAt))
      issues.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The expiry must be after the publish date.' });
  });
export type AnnouncementSave = z.input<typeof AnnouncementSaveSchema>;

export const UnreadCountSchema = z.object({ count: z.number().int() });
