import {
  FILE_ENDPOINTS,
  NOTIFICATION_ENDPOINTS as E,
  ORGANIZATION_ENDPOINTS,
  type Notification,
  type NotificationDetail,
  type NotificationFilters,
} from '@opengst/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { ListPage, PageRequest } from '../../../shared/list/useListQuery';

// The /notifications screen's calls and query keys (issue 21). Every action changes the list, the counts and the
// detail, so each reloads everything under notificationKeys.all. Refusals (422) are shown in place.

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filters: NotificationFilters, sortExpression: string) => [...notificationKeys.all, 'list', filters, sortExpression] as const,
  counts: (filters: NotificationFilters) => [...notificationKeys.all, 'counts', filters] as const,
  detail: (id: number) => [...notificationKeys.all, 'detail', id] as const,
};

const SILENT = { silent: [422] };

export const searchNotifications = (
  filters: NotificationFilters,
  sortExpression: string,
  page: PageRequest,
): Promise<ListPage<Notification>> => call(E.notificationSearch, { body: { ...page, sortExpression, filters } });
export const countNotifications = (filters: NotificationFilters) => call(E.notificationPushSummary, { body: { filters } });
export const notificationDetail = (id: number): Promise<NotificationDetail> => call(E.notificationDetail, { body: { id } });
export const exportNotifications = (filters: NotificationFilters, sortExpression: string) =>
  call(E.notificationExport, { body: { sortExpression, filters } });
export const downloadNotificationDocuments = (id: number) => call(E.notificationDownload, { body: { id } });

export const sendNotifications = (
  ids: number[],
  reminder?: { financialYear: number; returnPeriod: number; returnType: 'GSTR1' | 'GSTR1A' | 'IFF' | 'GSTR3B' | 'GSTR2B' | 'GSTR9' },
) => call(E.notificationSend, { body: reminder ? { ids, reminder } : { ids } }, SILENT);
export const deleteNotifications = (ids: number[]) => call(E.notificationDelete, { body: { ids } }, SILENT);
export const bulkAssignNotifications = (ids: number[], assigneeUserId: number | null, assigneeLevelId: number | null) =>
  call(E.notificationBulkAssign, { body: { ids, assigneeUserId, assigneeLevelId } }, SILENT);
export const editNotification = (id: number, change: { subject?: string; emails?: string[]; remarks?: string }) =>
  call(E.notificationSave, { body: { id, ...change } }, SILENT);
export const levelsByUser = (userId: number) => call(E.notificationLevelsByUser, { query: { userId } });

export const notificationUsersQuery = queryOptions({
  queryKey: ['organization', 'lookup', 'users'] as const,
  queryFn: () => call(ORGANIZATION_ENDPOINTS.subscriberUsers),
});
/** A file the counterparty attached to its reply (file/download: the buyer reaches a reply's attachments by its right). */
export const downloadAttachment = (fileId: number) => call(FILE_ENDPOINTS.download, { query: { id: fileId } });
