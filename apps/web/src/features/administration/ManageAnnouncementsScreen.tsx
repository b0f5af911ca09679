import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_ADMIN_ENDPOINTS as E,
  ANNOUNCEMENT_STATUSES,
  type AdminAnnouncement,
  type AnnouncementStatus,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { ConfirmAction, FORM_SILENT } from '../../shared/ConfirmAction';
import { DetailDrawer } from '../../shared/DetailDrawer';
import { AnnouncementBody } from '../../shared/announcements/AnnouncementBody';
import { announcementKeys, ANNOUNCEMENT_PAGE_SIZE, sayAnnouncement as say } from '../../shared/announcements/announcementsApi';
import { formatCount, formatDateTime } from '../../shared/format';
import { notifySuccess } from '../../shared/notifySuccess';
import { AnnouncementForm } from './AnnouncementForm';
import { AnnouncementListState } from '../../shared/announcements/AnnouncementListState';

// /manage-announcements: the installation's administrators write, publish, schedule, withdraw and delete
// announcements. Status is derived from the dates by the server (Draft, Scheduled, Published, Expired, Withdrawn).

const STATUS_COLOR: Record<AnnouncementStatus, string> = {
  Draft: 'gray',
  Scheduled: 'yellow',
  Published: 'green',
  Expired: 'gray',
  Withdrawn: 'red',
};

const adminQuery = (status: AnnouncementStatus | null) => ({
  queryKey: announcementKeys.admin(status ?? 'all'),
  queryFn: ({ pageParam }: { pageParam: number }) =>
    call(E.search, { body: { start: pageParam, size: ANNOUNCEMENT_PAGE_SIZE, filters: status ? { status } : {} } }),
  initialPageParam: 0,
  getNextPageParam: (last: { items: AdminAnnouncement[]; totalRecords: number }, pages: { items: AdminAnnouncement[] }[]) => {
    const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
    return loaded < last.totalRecords && last.items.length > 0 ? loaded : undefined;
  },
});

export const ManageAnnouncementsScreen = () => {
  const client = useQueryClient();
  const [status, setStatus] = useState<AnnouncementStatus | null>(null);
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [viewing, setViewing] = useState<AdminAnnouncement | null>(null);
  const { data, isPending, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(adminQuery(status));
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.totalRecords ?? 0;
  // Every list of announcements (the bells included) reads again after a change.
  const refresh = () => client.invalidateQueries({ queryKey: announcementKeys.all });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {say('announcementsAdmin.intro')}
      </Text>
      <Group justify="space-between">
        <Select
          size="xs"
          w={180}
          placeholder={say('announcementsAdmin.status')}
          aria-label={say('announcementsAdmin.status')}
          data={[...ANNOUNCEMENT_STATUSES]}
          value={status}
          onChange={(value) => setStatus(value as AnnouncementStatus | null)}
          clearable
          data-testid="announcements-admin-status"
        />
        <Button size="xs" onClick={() => setEditing('new')} data-testid="announcement-new">
          {say('announcementsAdmin.new')}
        </Button>
      </Group>
      <AnnouncementListState
        isPending={isPending}
        error={isError ? error : null}
        isEmpty={items.length === 0}
        emptyText={say('announcementsAdmin.empty')}
        onRetry={() => void refetch()}
      />
      {items.length > 0 ? (
        <Table withTableBorder highlightOnHover bg="white" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{say('announcementsAdmin.titleLabel')}</Table.Th>
              <Table.Th w={130}>{say('announcementsAdmin.audience')}</Table.Th>
              <Table.Th w={110}>{say('announcementsAdmin.status')}</Table.Th>
              <Table.Th w={140}>{say('announcementsAdmin.publishAt')}</Table.Th>
              <Table.Th w={140}>{say('announcementsAdmin.expiresAt')}</Table.Th>
              <Table.Th w={230} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid={`announcement-admin-row-${item.id}`}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => setViewing(item)} className="truncate-narrow">
                    {item.title}
                  </Button>
                </Table.Td>
                <Table.Td>
                  {say(`announcements.audience.${item.audience}`)}
                  {item.subscriberId ? ` #${item.subscriberId}` : ''}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" radius="sm" color={STATUS_COLOR[item.status]} data-testid={`announcement-status-${item.id}`}>
                    {item.status}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{item.publishAt ? formatDateTime(item.publishAt) : '—'}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{item.expiresAt ? formatDateTime(item.expiresAt) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditing(item)} data-testid={`announcement-edit-${item.id}`}>
                      {say('announcementsAdmin.edit')}
                    </Button>
                    <ConfirmAction
                      label={say('announcementsAdmin.withdraw')}
                      title={say('announcementsAdmin.withdraw')}
                      message={item.title}
                      confirmLabel={say('announcementsAdmin.withdraw')}
                      color="orange"
                      disabled={item.status === 'Withdrawn'}
                      onConfirm={() => call(E.withdraw, { body: { id: item.id } }, { silent: FORM_SILENT })}
                      onDone={() => {
                        notifySuccess(say('announcementsAdmin.withdrawn'));
                        void refresh();
                      }}
                      testId={`announcement-withdraw-${item.id}`}
                    />
                    <ConfirmAction
                      label={say('announcementsAdmin.delete')}
                      title={say('announcementsAdmin.delete')}
                      message={item.title}
                      confirmLabel={say('announcementsAdmin.delete')}
                      color="red"
                      onConfirm={() => call(E.delete, { body: { id: item.id } }, { silent: FORM_SILENT })}
                      onDone={() => {
                        notifySuccess(say('announcementsAdmin.deleted'));
                        void refresh();
                      }}
                      testId={`announcement-delete-${item.id}`}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
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
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? say('announcementsAdmin.new') : say('announcementsAdmin.edit')}
        testId="announcement-form-drawer"
      >
        <AnnouncementForm
          editing={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notifySuccess(say('announcementsAdmin.saved'));
            void refresh();
          }}
        />
      </DetailDrawer>
      <DetailDrawer opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.title ?? ''} testId="announcement-drawer">
        {viewing ? (
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {viewing.createdBy} · {say('announcementsAdmin.updated')} {formatDateTime(viewing.updatedAt)} ({viewing.updatedBy})
            </Text>
            <AnnouncementBody html={viewing.body} />
          </Stack>
        ) : null}
      </DetailDrawer>
    </Stack>
  );
};
