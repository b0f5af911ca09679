import { ActionIcon, Anchor, Indicator, Loader, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCount, formatDate } from '../format';
import { mineLatestQuery, publicCountQuery, publicLatestQuery, sayAnnouncement as say, unreadCountQuery } from './announcementsApi';

type Item = { id: number; title: string; publishAt: string; isUnread: boolean };

/**
 * A bell with a count and a dropdown of the newest few announcements, each linking to its detail, and a link to all.
 * The dropdown's list is read when it opens, not with every page.
 */
const Bell = ({
  count,
  label,
  items,
  isLoading,
  onOpen,
  viewAllTo,
  itemTo,
}: {
  count: number;
  label: string;
  items: readonly Item[];
  isLoading: boolean;
  onOpen: () => void;
  viewAllTo: string;
  itemTo: (id: number) => string;
}) => (
  <Menu position="bottom-end" width={320} shadow="md" onOpen={onOpen}>
    <Menu.Target>
      <Tooltip label={label}>
        <Indicator
          label={<span data-testid="announcement-count">{count > 99 ? '99+' : formatCount(count)}</span>}
          size={16}
          disabled={count === 0}
          color="red"
          offset={4}
        >
          <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid="announcement-bell">
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
    </Menu.Target>
    <Menu.Dropdown data-testid="announcement-dropdown">
      <Menu.Label>{say('announcements.title')}</Menu.Label>
      {isLoading ? <Loader size="xs" m="sm" /> : null}
      {!isLoading && items.length === 0 ? (
        <Text size="xs" c="dimmed" px="sm" py={6}>
          {say('announcements.empty')}
        </Text>
      ) : null}
      {items.map((item) => (
        <Menu.Item key={item.id} component={Link} to={itemTo(item.id)} data-testid={`announcement-bell-item-${item.id}`}>
          <Stack gap={0}>
            <Text size="sm" fw={item.isUnread ? 700 : 400} lineClamp={2}>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(item.publishAt)}
              {item.isUnread ? ` · ${say('announcements.unread')}` : ''}
            </Text>
          </Stack>
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Anchor component={Link} to={viewAllTo} size="sm" px="sm" py={6} display="block" data-testid="announcement-view-all">
        {say('announcements.viewAll')}
      </Anchor>
    </Menu.Dropdown>
  </Menu>
);

/** The /home header's bell (modules §2.7): public announcements in force, view all at /public-latest-updates. */
export const PublicAnnouncementBell = () => {
  const count = useQuery(publicCountQuery);
  const latest = useQuery({ ...publicLatestQuery, enabled: false });
  const n = count.data ?? 0;
  return (
    <Bell
      count={n}
      label={say('announcements.publicCount', { n: formatCount(n) })}
      items={(latest.data?.items ?? []).map((a) => ({ ...a, isUnread: false }))}
      isLoading={latest.isFetching && !latest.data}
      onOpen={() => void latest.refetch()}
      viewAllTo="/public-latest-updates"
      itemTo={(id) => `/public-latest-updates?id=${id}`}
    />
  );
};

/** The application header's bell (UI.md "Layout"): the signed-in user's unread count, view all at /announcements. */
export const UserAnnouncementBell = () => {
  const count = useQuery(unreadCountQuery);
  const latest = useQuery({ ...mineLatestQuery, enabled: false });
  const n = count.data?.count ?? 0;
  return (
    <Bell
      count={n}
      label={say('announcements.unreadCount', { n: formatCount(n) })}
      items={(latest.data?.items ?? []).map((a) => ({ ...a, isUnread: !a.isRead }))}
      isLoading={latest.isFetching && !latest.data}
      onOpen={() => void latest.refetch()}
      viewAllTo="/announcements"
      itemTo={(id) => `/announcements?id=${id}`}
    />
  );
};
