import { Alert, Anchor, Breadcrumbs, Button, Container, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { PublicAnnouncement } from '@opengst/contracts';
import { DetailDrawer } from '../../../shared/DetailDrawer';
import { AnnouncementBody } from '../../../shared/announcements/AnnouncementBody';
import { publicListQuery, publicOneQuery, sayAnnouncement as say } from '../../../shared/announcements/announcementsApi';
import { formatCount, formatDate } from '../../../shared/format';
import { AnnouncementListState } from '../../../shared/announcements/AnnouncementListState';

// /public-latest-updates (modules §2.7): the public announcements in force, newest first, a page at a time; each opens
// its detail in a drawer. The open one is in the address (?id=), so the /home bell can link straight to it.

const Row = ({ item, onOpen }: { item: PublicAnnouncement; onOpen: () => void }) => (
  <UnstyledButton
    onClick={onOpen}
    data-testid={`announcement-row-${item.id}`}
    p="sm"
    style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', display: 'block', width: '100%' }}
  >
    <Text size="sm" fw={600}>
      {item.title}
    </Text>
    <Text size="xs" c="dimmed">
      {say('announcements.published', { date: formatDate(item.publishAt) })}
      {item.expiresAt ? ` · ${say('announcements.expires', { date: formatDate(item.expiresAt) })}` : ''}
    </Text>
  </UnstyledButton>
);

const Detail = ({ id }: { id: number }) => {
  const { data, isPending, isError, error } = useQuery(publicOneQuery(id));
  if (isPending) return <Loader size="sm" role="status" aria-label={say('announcements.loading')} />;
  if (isError) return <Alert color="red">{say('announcements.failed', { message: error.message })}</Alert>;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {data.title}
      </Title>
      <Text size="xs" c="dimmed">
        {say('announcements.published', { date: formatDate(data.publishAt) })}
      </Text>
      <AnnouncementBody html={data.body} />
    </Stack>
  );
};

export const LatestUpdatesScreen = () => {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const { data, isPending, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(publicListQuery());
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.totalRecords ?? 0;
  const open = (id: number | null) => setParams(id ? { id: String(id) } : {}, { replace: true });

  return (
    <Container size="md">
      <Stack gap="sm">
        <Breadcrumbs>
          <Anchor component={Link} to="/home" size="sm">
            {say('announcements.home')}
          </Anchor>
          <Text size="sm">{say('announcements.notifications')}</Text>
        </Breadcrumbs>
        <Title order={1} size="h3">
          {say('announcements.latestUpdates')}
        </Title>
        <AnnouncementListState
          isPending={isPending}
          error={isError ? error : null}
          isEmpty={items.length === 0}
          emptyText={say('announcements.empty')}
          onRetry={() => void refetch()}
        />
        <div data-testid="announcement-list">
          {items.map((item) => (
            <Row key={item.id} item={item} onOpen={() => open(item.id)} />
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
      </Stack>
      <DetailDrawer opened={openId !== null} onClose={() => open(null)} title={say('announcements.title')} testId="announcement-drawer">
        {openId !== null ? <Detail id={openId} /> : null}
      </DetailDrawer>
    </Container>
  );
};
