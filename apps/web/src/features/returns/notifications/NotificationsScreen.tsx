import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconMail, IconUserShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_DEFAULT_SORT,
  NOTIFICATION_SOURCE_TEXT,
  NOTIFICATION_STATUS_TEXT,
  notificationText as nt,
  type Notification,
  type NotificationFilters,
  type NotificationSendResult,
  type NotificationStatus,
} from '@opengst/contracts';
import { financialYearsQuery } from '../../../api/sessionData';
import { ApiError } from '../../../api/http';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { ExportButton } from '../../../shared/ExportButton';
import { StatusCountBar } from '../../../shared/filter-bar/StatusCountBar';
import { formatIstDateTime } from '../../../shared/format';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { SearchInput } from '../../../shared/SearchInput';
import { useRights } from '../../../shared/useRights';
import { useWorkingYear } from '../../../shared/workingYear';
import { AssignModal, ReminderModal } from './NotificationActionModals';
import { NotificationDrawer, NotificationStatusBadge } from './NotificationDrawer';
import {
  countNotifications,
  deleteNotifications,
  exportNotifications,
  notificationKeys,
  searchNotifications,
  sendNotifications,
} from './notificationsApi';

// /notifications (spec core §2 gstReturns > Notifications, rights Notifications or NotificationsSend; issue 21): the
// notices sent to counterparties about their documents, made from the reconciliation. Status counts (Yet not sent,
// Sent, In progress, Reply received), search and location filter, the selection's actions (send, reminder, assign,
// delete) by right, export of what is filtered, and a drawer with the documents and the counterparty's answers.

const DEFAULT_SORT: SortState = parseSortExpression(NOTIFICATION_DEFAULT_SORT);

const COLUMNS: Column<Notification>[] = [
  {
    key: 'counterparty',
    header: nt('notification.counterparty'),
    sortKey: 'counterpartyName',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate>
          {row.counterpartyName || '—'}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.counterpartyGstin}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'gstin',
    header: nt('notification.gstin'),
    sortKey: 'gstin',
    width: 170,
    render: (row) => (
      <Text size="xs" ff="monospace">
        {row.gstin}
      </Text>
    ),
  },
  {
    key: 'subject',
    header: nt('notification.subject'),
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate>
          {row.subject}
        </Text>
        <Text size="xs" c="dimmed">
          {NOTIFICATION_SOURCE_TEXT[row.sourceType]}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'documents',
    header: nt('notification.documents'),
    isNumeric: true,
    width: 110,
    render: (row) => <Text size="sm">{`${row.answered} / ${row.documents}`}</Text>,
  },
  {
    key: 'status',
    header: nt('notification.status'),
    sortKey: 'status',
    width: 140,
    render: (row) => <NotificationStatusBadge status={row.status} />,
  },
  {
    key: 'assignee',
    header: nt('notification.assignee'),
    width: 160,
    render: (row) => (
      <Text size="xs" truncate>
        {[row.assigneeUserName, row.assigneeLevelName].filter(Boolean).join(' · ')}
      </Text>
    ),
  },
  {
    key: 'sentAt',
    header: nt('notification.sentAt'),
    sortKey: 'sentAt',
    width: 170,
    render: (row) => (
      <Stack gap={0}>
        <Text size="xs">{row.sentAt ? formatIstDateTime(row.sentAt) : '—'}</Text>
        {row.reminders ? <Text size="xs" c="dimmed">{`${nt('notification.reminders')}: ${row.reminders}`}</Text> : null}
      </Stack>
    ),
  },
];

export const NotificationsScreen = () => {
  const queryClient = useQueryClient();
  const rights = useRights(['NotificationsSend', 'NotificationsExport', 'NotificationsDelete']);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<NotificationStatus[]>([]);
  const [text, setText] = useState('');
  const filters = useMemo<NotificationFilters>(
    () => ({
      ...(locations.length > 0 ? { entityIds: locations.map(Number) } : {}),
      ...(statuses.length > 0 ? { statuses } : {}),
      ...(text ? { text } : {}),
    }),
    [locations, statuses, text],
  );
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? NOTIFICATION_DEFAULT_SORT;
  const list = useListQuery(notificationKeys.list(filters, sortExpression), (page) => searchNotifications(filters, sortExpression, page));
  const counts = useQuery({ queryKey: notificationKeys.counts(filters), queryFn: () => countNotifications(filters) });
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const [reminderFor, setReminderFor] = useState<number[] | null>(null);
  const [assignFor, setAssignFor] = useState<number[] | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [isSending, setSending] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const reportSent = (result: NotificationSendResult) => {
    if (result.sent > 0) notifySuccess(nt('notification.sentCount', { sent: result.sent, mails: result.mails }));
    setRefusals(result.skipped.map((s) => nt('notification.skipped', { message: s.message })));
    setSelected([]);
    reload();
  };
  const send = async () => {
    setSending(true);
    setRefusals([]);
    try {
      reportSent(await sendNotifications(selected));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setRefusals(error.items.map((i) => i.message));
      else throw error;
    } finally {
      setSending(false);
    }
  };
  const selectedRows = list.rows.filter((row) => selected.includes(row.id));
  const canRemind = selectedRows.length > 0 && selectedRows.every((row) => row.status !== 'YetNotSent');

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <SearchInput label={nt('notification.search')} onSearch={setText} testId="notification-search" width={300} />
        <GstinMultiSelect
          financialYear={workingYear}
          w={260}
          label={nt('notification.gstin')}
          placeholder="All GSTINs"
          value={locations}
          onChange={setLocations}
          testId="notification-filter-locations"
        />
        {rights.NotificationsExport ? (
          <Group gap="xs" ml="auto">
            <ExportButton
              download={() => exportNotifications(filters, sortExpression)}
              fileName="notifications.xlsx"
              testId="notification-export"
            />
          </Group>
        ) : null}
      </Group>
      <StatusCountBar
        items={counts.data ?? []}
        active={statuses}
        isLoading={counts.isPending}
        labelOf={(status) => NOTIFICATION_STATUS_TEXT[status as NotificationStatus] ?? status}
        onSelect={(status) => setStatuses(status ? [status as NotificationStatus] : [])}
      />
      <RefusalAlert messages={refusals} testId="notification-refused" />
      {list.isError ? (
        <Alert color="red" variant="light" data-testid="notification-failed">
          {loadFailureText(list.error, 'The notifications could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <DataTable
          columns={COLUMNS}
          rowId={(row) => row.id}
          rowTestId={(row) => `notification-row-${row.id}`}
          rowLabel={(row) => `${row.counterpartyName} ${row.counterpartyGstin}`}
          emptyText={nt('notification.noRecords')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          onRowClick={(row) => setOpened(row.id)}
          {...(rights.NotificationsSend || rights.NotificationsDelete
            ? {
                selection: {
                  selected,
                  onChange: setSelected,
                  actions: (
                    <Group gap="xs">
                      {rights.NotificationsSend ? (
                        <>
                          <Button
                            size="xs"
                            leftSection={<IconMail size={14} />}
                            loading={isSending}
                            disabled={selected.length === 0}
                            onClick={() => void send()}
                            data-testid="notification-send"
                          >
                            {nt('notification.send')}
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconBell size={14} />}
                            disabled={!canRemind}
                            onClick={() => setReminderFor(selected)}
                            data-testid="notification-remind"
                          >
                            {nt('notification.sendReminder')}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconUserShare size={14} />}
                            disabled={selected.length === 0}
                            onClick={() => setAssignFor(selected)}
                            data-testid="notification-assign"
                          >
                            {nt('notification.bulkAssign')}
                          </Button>
                        </>
                      ) : null}
                      {rights.NotificationsDelete ? (
                        <ConfirmAction
                          label={nt('notification.delete')}
                          title={nt('notification.delete')}
                          message={`Delete ${selected.length} notifications with their documents and history?`}
                          confirmLabel={nt('notification.delete')}
                          color="red"
                          variant="light"
                          testId="notification-delete"
                          onConfirm={async () => {
                            await deleteNotifications(selected);
                          }}
                          onDone={() => {
                            setSelected([]);
                            reload();
                          }}
                        />
                      ) : null}
                    </Group>
                  ),
                },
              }
            : {})}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
      <ReminderModal
        key={reminderFor ? `r-${reminderFor.join(',')}` : 'r-none'}
        ids={reminderFor}
        onClose={() => setReminderFor(null)}
        onDone={(result) => {
          setReminderFor(null);
          reportSent(result);
        }}
      />
      <AssignModal
        key={assignFor ? `a-${assignFor.join(',')}` : 'a-none'}
        ids={assignFor}
        onClose={() => setAssignFor(null)}
        onDone={() => {
          setAssignFor(null);
          setSelected([]);
          reload();
        }}
      />
      <NotificationDrawer id={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
};
