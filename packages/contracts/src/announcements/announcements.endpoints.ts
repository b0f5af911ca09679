import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  AdminAnnouncementPageSchema,
  AdminAnnouncementSchema,
  AdminAnnouncementSearchSchema,
  AnnouncementIdSchema,
  AnnouncementIdsSchema,
  AnnouncementSaveSchema,
  AnnouncementSearchSchema,
  PublicAnnouncementPageSchema,
  PublicAnnouncementSchema,
  UnreadCountSchema,
  UserAnnouncementPageSchema,
  UserAnnouncementSchema,
  UserAnnouncementSearchSchema,
} from './announcements.schemas';

// Spec core §7 "Dashboard and announcements" names the public three (search with filters, get by id, count as a number)
// without their paths; they sit under public/ like the other routes without sign-in. Newest published first.
export const PUBLIC_ANNOUNCEMENT_ENDPOINTS = {
  search: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/public/announcement/search`,
    body: AnnouncementSearchSchema,
    response: PublicAnnouncementPageSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/public/announcement/get`,
    query: AnnouncementIdSchema,
    response: PublicAnnouncementSchema,
  }),
  /** The number of public announcements in force: the /home bell's badge. */
  count: defineEndpoint({ method: 'GET', path: `${API_ROOT}/public/announcement/count`, response: z.number().int() }),
};

/** A signed-in user's announcements: public ones, those for all subscribers and those for the user's own subscriber. */
export const ANNOUNCEMENT_ENDPOINTS = {
  search: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/announcement/search`,
    body: UserAnnouncementSearchSchema,
    response: UserAnnouncementPageSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/announcement/get`,
    query: AnnouncementIdSchema,
    response: UserAnnouncementSchema,
  }),
  unreadCount: defineEndpoint({ method: 'GET', path: `${API_ROOT}/announcement/unreadCount`, response: UnreadCountSchema }),
  /** Marks these announcements read for the signed-in user; answers the new unread count. */
  markRead: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/announcement/markRead`,
    body: AnnouncementIdsSchema,
    response: UnreadCountSchema,
  }),
};

/** The installation's administration of announcements (write, publish, schedule, withdraw, delete). */
export const ANNOUNCEMENT_ADMIN_ENDPOINTS = {
  search: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/admin/announcement/search`,
    body: AdminAnnouncementSearchSchema,
    response: AdminAnnouncementPageSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/admin/announcement/save`,
    body: AnnouncementSaveSchema,
    response: AdminAnnouncementSchema,
  }),
  /** Takes a published or scheduled announcement off every list at once; it stays in the administration's list. */
  withdraw: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/admin/announcement/withdraw`,
    body: AnnouncementIdSchema,
    response: AdminAnnouncementSchema,
  }),
  delete: defineEndpoint({ method: 'POST', path: `${API_ROOT}/admin/announcement/delete`, body: AnnouncementIdSchema, response: 'empty' }),
};

export const PUBLIC_ANNOUNCEMENT_API = pathsOf(PUBLIC_ANNOUNCEMENT_ENDPOINTS);
export const ANNOUNCEMENT_API = pathsOf(ANNOUNCEMENT_ENDPOINTS);
export const ANNOUNCEMENT_ADMIN_API = pathsOf(ANNOUNCEMENT_ADMIN_ENDPOINTS);
