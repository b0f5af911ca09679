import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  NoticeBulkResultSchema,
  NoticeDashboardRequestSchema,
  NoticeDashboardSchema,
  NoticeDetailSchema,
  NoticeExportRequestSchema,
  NoticeFiltersSchema,
  NoticeIdQuerySchema,
  NoticeIdsSchema,
  NoticeMoveSchema,
  NoticeOptionsSchema,
  NoticePaymentSchema,
  NoticeReopenSchema,
  NoticeSaveSchema,
  NoticeSchema,
} from './notices.schemas';

// The notice register's calls (rights LitigationManagement to read, LitigationEdit to change, LitigationDelete to
// delete; all premium). Not shown by the spec: the shapes of the other registers.
const LITIGATION = `${API_ROOT}/litigation`;

export const NOTICE_ENDPOINTS = {
  noticeSearch: defineEndpoint({
    method: 'POST',
    path: `${LITIGATION}/search`,
    body: listRequestSchema(NoticeFiltersSchema),
    response: listResponseSchema(NoticeSchema),
  }),
  noticeDetail: defineEndpoint({ method: 'GET', path: `${LITIGATION}/detail`, query: NoticeIdQuerySchema, response: NoticeDetailSchema }),
  noticeSave: defineEndpoint({ method: 'POST', path: `${LITIGATION}/save`, body: NoticeSaveSchema, response: NoticeDetailSchema }),
  noticeMove: defineEndpoint({ method: 'POST', path: `${LITIGATION}/move`, body: NoticeMoveSchema, response: NoticeDetailSchema }),
  /** A DRC-03 payment against the demand (right LitigationEdit): a timeline entry of its own, the stage unchanged. */
  noticePayment: defineEndpoint({ method: 'POST', path: `${LITIGATION}/payment`, body: NoticePaymentSchema, response: NoticeDetailSchema }),
  noticeReopen: defineEndpoint({ method: 'POST', path: `${LITIGATION}/reopen`, body: NoticeReopenSchema, response: NoticeDetailSchema }),
  noticeDelete: defineEndpoint({ method: 'POST', path: `${LITIGATION}/delete`, body: NoticeIdsSchema, response: NoticeBulkResultSchema }),
  /** /litigation-dashboard's figures over the user's locations (narrowed by the entity chips). */
  noticeDashboard: defineEndpoint({
    method: 'POST',
    path: `${LITIGATION}/dashboard`,
    body: NoticeDashboardRequestSchema,
    response: NoticeDashboardSchema,
  }),
  /** The filter bar's and the form's choices: sections, years and consultants of the notices in scope; the tags. */
  noticeOptions: defineEndpoint({ method: 'GET', path: `${LITIGATION}/options`, response: NoticeOptionsSchema }),
  /** xlsx of every notice the filters match, in the screen's sort. */
  noticeExport: defineEndpoint({ method: 'POST', path: `${LITIGATION}/export`, body: NoticeExportRequestSchema, response: 'file' }),
};
export const NOTICE_API = pathsOf(NOTICE_ENDPOINTS);
