import {
  CONSULTANT_ENDPOINTS,
  NOTICE_ENDPOINTS as E,
  ORGANIZATION_ENDPOINTS,
  type NoticeDetail,
  type NoticeFilters,
  type NoticeMove,
  type NoticePayment,
  type NoticeSave,
} from '@opengst/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';
import type { PageRequest } from '../../shared/list/useListQuery';

// The notice register's calls and query keys. A save, a move or a reopen answers the notice's detail: the screen
// keeps it and reloads the list behind it.

export const noticeKeys = {
  all: ['litigation', 'notices'] as const,
  list: (filters: NoticeFilters, sortExpression: string) => [...noticeKeys.all, 'list', filters, sortExpression] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
};

export const searchNotices = (filters: NoticeFilters, sortExpression: string, page: PageRequest) =>
  call(E.noticeSearch, { body: { ...page, sortExpression, filters } });
export const exportNotices = (filters: NoticeFilters, sortExpression: string) =>
  call(E.noticeExport, { body: { sortExpression, filters } });
export const deleteNotices = (ids: number[]) => call(E.noticeDelete, { body: { ids } }, { silent: FORM_SILENT });
export const noticeDetailQuery = (id: number) =>
  queryOptions({ queryKey: noticeKeys.detail(id), queryFn: (): Promise<NoticeDetail> => call(E.noticeDetail, { query: { id } }) });
export const saveNotice = (body: NoticeSave) => call(E.noticeSave, { body }, { silent: FORM_SILENT });
export const moveNotice = (body: NoticeMove) => call(E.noticeMove, { body }, { silent: FORM_SILENT });
export const recordNoticePayment = (body: NoticePayment) => call(E.noticePayment, { body }, { silent: FORM_SILENT });
export const reopenNotice = (body: { id: number; eventDate: string; note: string }) =>
  call(E.noticeReopen, { body }, { silent: FORM_SILENT });

/** The subscriber's users to assign a notice to (the organisation's users lookup). */
export const noticeUsersQuery = queryOptions({
  queryKey: ['organization', 'lookup', 'users'] as const,
  queryFn: () => call(ORGANIZATION_ENDPOINTS.subscriberUsers),
});

/**
 * What the filter bar and the form offer: the sections, years and consultants of the notices in the user's scope, and
 * the subscriber's notice tags with their colours (inactive ones too, to show on the notices that carry them).
 */
export const noticeOptionsQuery = queryOptions({
  queryKey: [...noticeKeys.all, 'options'] as const,
  queryFn: () => call(E.noticeOptions, {}),
});

/** The subscriber's active consultants to assign (/manage-consultants' lookup); none offered when it is refused. */
export const consultantLookupQuery = queryOptions({
  queryKey: ['masters', 'consultants', 'lookup'] as const,
  queryFn: () => call(CONSULTANT_ENDPOINTS.consultantLookup, {}, { silent: true }),
  retry: false,
});

export const EDIT_LITIGATION = '/edit-litigation';
export const noticeLink = (id: number): string => `${EDIT_LITIGATION}?id=${id}`;
