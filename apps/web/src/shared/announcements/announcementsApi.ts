import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_ENDPOINTS,
  ANNOUNCEMENTS_TEXT,
  PUBLIC_ANNOUNCEMENT_ENDPOINTS,
  type PublicAnnouncement,
  type UserAnnouncement,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { fillText } from '../../i18n/useText';

// The calls of announcements (contracts announcements/), shared by the bells of the headers (shell, home layout) and
// the screens (/public-latest-updates, /announcements, /manage-announcements).

export type AnnouncementTextKey = keyof typeof ANNOUNCEMENTS_TEXT;
/** The text is bundled with the screens: the public pages show it before any resources load. */
export const sayAnnouncement = (key: AnnouncementTextKey, vars?: Record<string, string | number>) =>
  fillText(ANNOUNCEMENTS_TEXT[key], vars);

export const announcementKeys = {
  all: ['announcements'] as const,
  publicList: (text: string) => [...announcementKeys.all, 'public', 'list', text] as const,
  publicOne: (id: number) => [...announcementKeys.all, 'public', 'one', id] as const,
  publicCount: () => [...announcementKeys.all, 'public', 'count'] as const,
  publicLatest: () => [...announcementKeys.all, 'public', 'latest'] as const,
  mine: (unreadOnly: boolean) => [...announcementKeys.all, 'mine', 'list', unreadOnly] as const,
  mineOne: (id: number) => [...announcementKeys.all, 'mine', 'one', id] as const,
  unread: () => [...announcementKeys.all, 'mine', 'unread'] as const,
  admin: (status: string) => [...announcementKeys.all, 'admin', status] as const,
};

export const ANNOUNCEMENT_PAGE_SIZE = 20;
/** The bells' dropdowns show the few newest; the rest is a click away. */
export const BELL_SIZE = 5;
/** The bells refresh now and then, so an announcement published while a user works reaches them. */
const BELL_REFRESH_MS = 5 * 60_000;

const nextStart = <T>(last: { items: T[]; totalRecords: number }, pages: { items: T[] }[]) => {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.totalRecords && last.items.length > 0 ? loaded : undefined;
};

export const publicListQuery = (text = '') =>
  infiniteQueryOptions({
    queryKey: announcementKeys.publicList(text),
    queryFn: ({ pageParam }) =>
      call(PUBLIC_ANNOUNCEMENT_ENDPOINTS.search, {
        body: { start: pageParam, size: ANNOUNCEMENT_PAGE_SIZE, filters: text ? { text } : {} },
      }),
    initialPageParam: 0,
    getNextPageParam: nextStart<PublicAnnouncement>,
  });

export const publicOneQuery = (id: number) =>
  queryOptions({ queryKey: announcementKeys.publicOne(id), queryFn: () => call(PUBLIC_ANNOUNCEMENT_ENDPOINTS.get, { query: { id } }) });

export const publicCountQuery = queryOptions({
  queryKey: announcementKeys.publicCount(),
  queryFn: () => call(PUBLIC_ANNOUNCEMENT_ENDPOINTS.count, undefined, { silent: true }),
  refetchInterval: BELL_REFRESH_MS,
});

export const publicLatestQuery = queryOptions({
  queryKey: announcementKeys.publicLatest(),
  queryFn: () => call(PUBLIC_ANNOUNCEMENT_ENDPOINTS.search, { body: { start: 0, size: BELL_SIZE } }, { silent: true }),
});

export const mineQuery = (unreadOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: announcementKeys.mine(unreadOnly),
    queryFn: ({ pageParam }) =>
      call(ANNOUNCEMENT_ENDPOINTS.search, {
        body: { start: pageParam, size: ANNOUNCEMENT_PAGE_SIZE, filters: unreadOnly ? { unreadOnly } : {} },
      }),
    initialPageParam: 0,
    getNextPageParam: nextStart<UserAnnouncement>,
  });

export const mineOneQuery = (id: number) =>
  queryOptions({ queryKey: announcementKeys.mineOne(id), queryFn: () => call(ANNOUNCEMENT_ENDPOINTS.get, { query: { id } }) });

export const unreadCountQuery = queryOptions({
  queryKey: announcementKeys.unread(),
  queryFn: () => call(ANNOUNCEMENT_ENDPOINTS.unreadCount, undefined, { silent: true }),
  refetchInterval: BELL_REFRESH_MS,
});

export const mineLatestQuery = queryOptions({
  queryKey: [...announcementKeys.all, 'mine', 'latest'] as const,
  queryFn: () => call(ANNOUNCEMENT_ENDPOINTS.search, { body: { start: 0, size: BELL_SIZE } }, { silent: true }),
});

/** Marks read; the bell's count is the answer, the lists show the marks on their next reading. */
export const useMarkRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(ANNOUNCEMENT_ENDPOINTS.markRead, { body: { ids } }),
    onSuccess: async (answer) => {
      client.setQueryData(announcementKeys.unread(), answer);
      await client.invalidateQueries({ queryKey: [...announcementKeys.all, 'mine'] });
    },
  });
};
