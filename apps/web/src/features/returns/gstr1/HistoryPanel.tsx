import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReturnHistoryRow } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../../i18n/useText';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { DateText, ReturnStatusBadge } from '../ReturnBadges';
import { fetchReturnHistory, returnKeys } from '../returnsApi';

// Every action on the return and every status change, newest first as the server lists them.

/** The spec's action names read as words; an action without a text shows its own name. */
const actionLabel = (t: Translate, action: string): string => {
  const key = `returns.historyAction.${action}` as TextKey;
  const text = t(key);
  return text === key ? action : text;
};

const columns = (t: Translate): Column<ReturnHistoryRow>[] => [
  { key: 'createdAt', header: t('returns.when'), width: 140, render: (row) => <DateText iso={row.createdAt} withTime /> },
  {
    key: 'action',
    header: t('returns.action'),
    width: 150,
    render: (row) => (
      <Text span size="sm" fw={500}>
        {actionLabel(t, row.action)}
      </Text>
    ),
  },
  {
    key: 'fromStatus',
    header: t('returns.from'),
    width: 120,
    render: (row) => (row.fromStatus ? <ReturnStatusBadge status={row.fromStatus} /> : '—'),
  },
  {
    key: 'toStatus',
    header: t('returns.to'),
    width: 120,
    render: (row) => (row.toStatus ? <ReturnStatusBadge status={row.toStatus} /> : '—'),
  },
  { key: 'message', header: t('returns.message'), render: (row) => <Text size="sm">{row.message ?? '—'}</Text> },
  {
    key: 'userName',
    header: t('returns.user'),
    width: 160,
    render: (row) => (
      <Text size="sm" truncate maw={160} title={row.userName ?? undefined}>
        {row.userName ?? '—'}
      </Text>
    ),
  },
];

export const HistoryPanel = ({ returnId, version }: { returnId: number; version: string }) => {
  const t = useText();
  const { data: rows = [], isPending } = useQuery({
    queryKey: returnKeys.history(returnId, version),
    queryFn: () => fetchReturnHistory(returnId),
  });
  return (
    <DataTable
      columns={columns(t)}
      rows={rows}
      rowId={(row) => row.id}
      rowTestId={(row) => `history-${row.action}-${row.id}`}
      totalRecords={rows.length}
      isLoading={isPending}
      emptyText={t('returns.historyEmpty')}
      maxHeight={520}
    />
  );
};
