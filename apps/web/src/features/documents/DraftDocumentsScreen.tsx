import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type Direction, DRAFT_DEFAULT_SORT, type DraftItem } from '@opengst/contracts';
import { formatInr } from '@opengst/domain';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { formatDate, formatDateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { SearchInput } from '../../shared/SearchInput';
import { notifySuccess } from '../../shared/notifySuccess';
import { useRights } from '../../shared/useRights';
import { deleteDocuments, documentKeys, searchDrafts } from './documentApi';
import classes from './DocumentScreen.module.css';

// /draft-document (spec core §2: sorted 'id DESC'): the drafts of the user's locations; open one to complete it on
// /edit-draft-document, or delete the selected ones.

const DEFAULT_SORT: SortState = parseSortExpression(DRAFT_DEFAULT_SORT);
type DirectionFilter = Direction | 'All';

export const DraftDocumentsScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rights = useRights(['DocumentDraft', 'DocumentDelete']);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [direction, setDirection] = useState<DirectionFilter>('All');
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const sortExpression = toSortExpression(sort);
  const filters = { ...(direction === 'All' ? {} : { direction }), ...(text ? { text } : {}) };
  const list = useListQuery(documentKeys.draftList(filters, sortExpression), (page) => searchDrafts({ ...page, sortExpression, filters }));
  const open = (row: DraftItem) => void navigate(`/edit-draft-document?type=${row.direction}&id=${row.id}`);

  const columns: Column<DraftItem>[] = [
    {
      key: 'document',
      header: t('drafts.document'),
      sortKey: 'documentNumber',
      render: (row) => <Text size="xs" fw={600}>{`${row.documentType} ${row.documentNumber}`}</Text>,
    },
    {
      key: 'direction',
      header: t('drafts.direction'),
      render: (row) => t(row.direction === 'Sales' ? 'document.sales' : 'document.purchase'),
    },
    { key: 'date', header: t('drafts.date'), sortKey: 'documentDate', render: (row) => formatDate(row.documentDate) },
    { key: 'location', header: t('drafts.location'), render: (row) => row.entityName },
    {
      key: 'party',
      header: t('drafts.party'),
      sortKey: 'counterpartyName',
      render: (row) => (
        <Stack gap={0}>
          <Text size="xs">{row.counterpartyName ?? ''}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.counterpartyGstin || t('document.unregistered')}
          </Text>
        </Stack>
      ),
    },
    { key: 'lines', header: t('drafts.lines'), isNumeric: true, render: (row) => row.itemCount },
    {
      key: 'value',
      header: t('drafts.value'),
      isNumeric: true,
      render: (row) => <span className={classes.figure}>{formatInr(row.documentValue)}</span>,
    },
    {
      key: 'updated',
      header: t('drafts.updated'),
      sortKey: 'updatedAt',
      render: (row) => `${formatDateTime(row.updatedAt)}${row.updatedByName ? ` · ${row.updatedByName}` : ''}`,
    },
    {
      key: 'open',
      header: '',
      render: (row) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={(e) => {
            e.stopPropagation();
            open(row);
          }}
          data-testid={`draft-open-${row.id}`}
        >
          {t('drafts.open')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            value={direction}
            onChange={(v) => setDirection(v as DirectionFilter)}
            data={[
              { value: 'All', label: t('drafts.all') },
              { value: 'Sales', label: t('document.sales') },
              { value: 'Purchase', label: t('document.purchase') },
            ]}
            data-testid="drafts-direction"
          />
          <SearchInput label={t('drafts.search')} onSearch={setText} testId="drafts-search" />
        </Group>
        {rights.DocumentDraft ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => void navigate('/add-draft-document?type=Sales')}
            data-testid="drafts-add"
          >
            {t('drafts.add')}
          </Button>
        ) : null}
      </Group>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.id}
        rowTestId={(row) => `draft-row-${row.id}`}
        rowLabel={(row) => `${row.documentType} ${row.documentNumber}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('drafts.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        onRowClick={open}
        {...(rights.DocumentDelete
          ? {
              selection: {
                selected,
                onChange: setSelected,
                actions: (
                  <ConfirmAction
                    label={t('drafts.delete')}
                    title={t('drafts.deleteTitle')}
                    message={t('drafts.deleteMessage', { n: selected.length })}
                    confirmLabel={t('drafts.delete')}
                    color="red"
                    onConfirm={() => deleteDocuments(selected)}
                    onDone={() => {
                      notifySuccess(t('drafts.deleted', { n: selected.length }));
                      setSelected([]);
                      void queryClient.invalidateQueries({ queryKey: documentKeys.drafts() });
                    }}
                    testId="drafts-delete"
                  />
                ),
              },
            }
          : {})}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
      />
    </Stack>
  );
};
