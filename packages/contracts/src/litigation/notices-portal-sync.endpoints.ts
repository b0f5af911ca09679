import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { NoticePortalSyncRequestSchema, NoticePortalSyncResultSchema } from './notices-portal-sync.schemas';

// The notice register's sync from the GST portal (right LitigationEdit; the subscriber's litigationSync setting on).
export const NOTICE_PORTAL_SYNC_ENDPOINTS = {
  noticePortalSync: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/litigation/portal-sync`,
    body: NoticePortalSyncRequestSchema,
    response: NoticePortalSyncResultSchema,
  }),
};
export const NOTICE_PORTAL_SYNC_API = pathsOf(NOTICE_PORTAL_SYNC_ENDPOINTS);
