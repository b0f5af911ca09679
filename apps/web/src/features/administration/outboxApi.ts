import { infiniteQueryOptions } from '@tanstack/react-query';
import { API, type OutboxMail } from '@opengst/contracts';
import { apiRequest } from '../../api/http';

export const OUTBOX_PAGE_SIZE = 50;

type OutboxPage = { items: OutboxMail[]; totalRecords: number };

/** Load-more paging with start/size (CONVENTIONS.md "API"). */
export const outboxQuery = infiniteQueryOptions({
  queryKey: ['admin', 'outbox'],
  queryFn: ({ pageParam }) => apiRequest<OutboxPage>(API.outbox, { query: { start: pageParam, size: OUTBOX_PAGE_SIZE } }),
  initialPageParam: 0,
  getNextPageParam: (last, pages) => {
    const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
    return loaded < last.totalRecords && last.items.length > 0 ? loaded : undefined;
  },
  staleTime: 0,
});

/** Newest first, whatever order the pages arrive in. */
export const sortNewestFirst = (mails: readonly OutboxMail[]): OutboxMail[] =>
  [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
