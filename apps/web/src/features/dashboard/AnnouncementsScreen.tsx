import { useEffect } from 'react';
import { Alert, Badge, Button, Group, Loader, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { UserAnnouncement } from '@opengst/contracts';
import { DetailDrawer } from '../../shared/DetailDrawer';
import { AnnouncementBody } from '../../shared/announcements/AnnouncementBody';
import { mineOneQuery, mineQuery, sayAnnouncement as say, useMarkRead } from '../../shared/announcements/announcementsApi';
import { formatCount, formatDate } from '../../shared/format';
import { AnnouncementListState } from '../../shared/announcements/AnnouncementListState';

// /announcements (spec core §2, no right needed): the signed-in user's announcements (public, for all subscribers, for
// their own subscriber), newest first, unread ones marked in words as well as weight. The detail opens in the right
// slide-in (spec core §2 "Layouts"), is kept in the address (?id=) for the header bell's links, and is marked read once
// shown.

const Row = ({ item, onOpen }: { item: UserAnnouncement; onOpen: () => void }) => (
  <UnstyledButton
    onClick={onOpen}
    data-testid={`announcement-row-${item.id}`}
    data-unread={!item.isRead}
    p="sm"
    style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', display: 'block', width: '100%' }}
  >
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={item.isRead ? 400 : 700} className="truncate-narrow">
        {item.title}
      </Text>
      {item.isRead ? null : (
        <Badge size="xs" variant="light" color="indigo" radius="sm">
          {say('announcements.unread')}
        </Badge>
      )}
    </Group>
    <Text size="xs" c="dimmed">
      {say('announcements.published', { date: formatDate(item.publishAt) })} · {say(`announcements.audience.${item.audience}`)}
    </Text>
  </UnstyledButton>
);

const Detail = ({ id }: { id: number }) => {
  const { data, isPending, isError, error } = useQuery(mineOneQuery(id));
  const markRead = useMarkRead();
  const isUnread = data?.isRead === false;
  const { mutate } = markRead;
  useEffect(() => {
    if (isUnread) mutate([id]);
  }, [isUnread, id, mutate]);
  if (isPending) return <Loader size="sm" role="status" aria-label={say('announcements.loading')} />;
  if (isError) return <Alert color="red">{say('announcements.failed', { message: error.message })}</Alert>;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {data.title}
      </Title>
      <Text size="xs" c="dimmed">
        {say('announcements.published', { date: formatDate(data.publishAt) })}
        {data.expiresAt ? ` · ${say('announcements.expires', { date: formatDate(data.expiresAt) })}` : ''}
      </Text>
      <AnnouncementBody html={data.body} />
    </Stack>
  );
};

export const AnnouncementsScreen = () => {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const unreadOnly = params.get('unread') === '1';
  const { data, isPending, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    mineQuery(unreadOnly),
  );
  const markRead = useMarkRead();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.totalRecords ?? 0;
  const unreadIds = items.filter((item) => !item.isRead).map((item) => item.id);
  const update = (change: { id?: number | null; unread?: boolean }) => {
    const next = new URLSearchParams(params);
    if (change.id !== undefined) {
      if (change.id) next.set('id', String(change.id));
      else next.delete('id');
    }
    if (change.unread !== undefined) {
      if (change.unread) next.set('unread', '1');
      else next.delete('unread');
    }
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => update({ unread: value === 'unread' })}
          data={[
            { value: 'all', label: say('announcements.title') },
            { value: 'unread', label: say('announcements.unreadOnly') },
          ]}
          data-testid="announcements-filter"
        />
        <Button
          size="xs"
          variant="default"
          disabled={unreadIds.length === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(unreadIds)}
          data-testid="announcements-mark-all"
        >
          {say('announcements.markAllRead')}
        </Button>
      </Group>
      <AnnouncementListState
        isPending={isPending}
        error={isError ? error : null}
        isEmpty={items.length === 0}
        emptyText={say(unreadOnly ? 'announcements.emptyUnread' : 'announcements.empty')}
        onRetry={() => void refetch()}
      />
      <div data-testid="announcement-list">
        {items.map((item) => (
          <Row key={item.id} item={item} onOpen={() => update({ id: item.id })} />
        ))}
      </div>
      {items.length > 0 ? (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {say('announcements.count', { shown: formatCount(items.length), total: formatCount(total) })}
          </Text>
          {hasNextPage ? (
            <Button variant="default" size="xs" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {say('announcements.more')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <DetailDrawer
        opened={openId !== null}
        onClose={() => update({ id: null })}
        title={say('announcements.title')}
        testId="announcement-drawer"
      >
        {openId !== null ? <Detail id={openId} /> : null}
      </DetailDrawer>
    </Stack>
  );
};
