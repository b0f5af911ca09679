import { infiniteQueryOptions } from '@tanstack/react-query';
import { ADMIN_ENDPOINTS, type OutboxMail } from '@opengst/contracts';
import { call } from '../../api/call';

// The calls of the administration screens (contracts administration/).

/** Query keys of the module. */
export const adminKeys = {
  all: ['admin'] as const,
  outbox: () => [...adminKeys.all, 'outbox'] as const,
};

export const OUTBOX_PAGE_SIZE = 50;

/** Load-more paging with start/size (CONVENTIONS.md "API"). */
export const outboxQuery = infiniteQueryOptions({
  queryKey: adminKeys.outbox(),
  queryFn: ({ pageParam }) => call(ADMIN_ENDPOINTS.outbox, { query: { start: pageParam, size: OUTBOX_PAGE_SIZE } }),
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
