import { Fragment, useCallback, useState, type ReactNode } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ImportType } from '@opengst/contracts';
import { useText, type TextKey } from '../../i18n/useText';
import { DetailDrawer } from '../../shared/DetailDrawer';
import { ExportButton } from '../../shared/ExportButton';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery, type ListPage, type PageRequest } from '../../shared/list/useListQuery';
import { SearchInput } from '../../shared/SearchInput';
import { MasterRowActions } from './MasterRowActions';

// One master's list screen (spec modules §2.5): the toolbar (text search, the master's own filters, status, export,
// add), the list with sort, load more and the selected rows' activate / deactivate / delete, and the drawer that
// creates or edits a row with the master's own form. A master brings its calls, columns, filters and form; every
// master's list looks and behaves the same.

type Status = 'Active' | 'Inactive';
type BaseFilters = { text?: string | null | undefined; status?: Status | null | undefined };

export type MasterListProps<Row extends { id: number }, Filters extends BaseFilters, Draft> = {
  /** Test ids: `${testId}-search`, `-filter-status`, `-export`, `-add`, `-row-<rowKey>`, and the row actions'. */
  testId: string;
  /** The list's query key (its filters and sort are appended); `changes` is invalidated after every change. */
  listKey: readonly unknown[];
  changes: readonly unknown[];
  defaultSort: string;
  search: (page: PageRequest, sortExpression: string | undefined, filters: Filters) => Promise<ListPage<Row>>;
  exportFile: { fileName: string; download: (sortExpression: string | undefined, filters: Filters) => Promise<Blob> };
  columns: Column<Row>[];
  /** How a row is named to a screen reader, and its key in test ids. */
  rowLabel: (row: Row) => string;
  rowKey?: (row: Row) => string;
  rowHeight?: number;
  emptyText: string;
  /** The text search's label; a master without a text search leaves it out. */
  searchLabel?: string;
  /** The master's own filters, drawn between the text search and the status filter. */
  filterBar?: (filters: Filters, setFilters: (filters: Filters) => void) => ReactNode;
  rowActions: {
    setStatus: (ids: number[], status: Status) => Promise<unknown>;
    remove: (ids: number[]) => Promise<unknown>;
    /** '{n} selected' and what deleting them does, in the master's words. */
    confirmDeleteKey: TextKey;
  };
  editor: {
    addLabel: string;
    newDraft: () => Draft;
    draftOf: (row: Row) => Draft;
    title: (draft: Draft) => string;
    /** The form; it calls `onSaved` once the server has taken the change. */
    form: (draft: Draft, onSaved: () => void) => ReactNode;
  };
  /** Above the toolbar (the IP allow-list's current address); `edit` opens the drawer on a draft. */
  header?: (edit: (draft: Draft) => void) => ReactNode;
  /** The import type of /import this master reads, for an Import button (`${testId}-import`) left of Export. */
  importType?: ImportType;
  /** Further buttons left of Export. */
  toolbar?: ReactNode;
  /** Further actions on the selected rows, before activate / deactivate / delete; `done` clears the selection and reloads. */
  selectionActions?: (ids: number[], done: () => void) => ReactNode;
};

export const MasterList = <Row extends { id: number }, Filters extends BaseFilters, Draft>(props: MasterListProps<Row, Filters, Draft>) => {
  const { testId, editor } = props;
  const t = useText();
  const client = useQueryClient();
  const defaultSort = parseSortExpression(props.defaultSort);
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filters, setFilters] = useState<Filters>({} as Filters);
  const [selected, setSelected] = useState<number[]>([]);
  // The draft and a counter: a new draft remounts the form, so no state of the last one lingers.
  const [editing, setEditing] = useState<{ draft: Draft; n: number } | null>(null);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery([...props.listKey, filters, sortExpression], (page) => props.search(page, sortExpression, filters));
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: props.changes });
  };
  const edit = (draft: Draft) => setEditing((current) => ({ draft, n: (current?.n ?? 0) + 1 }));
  const onSearch = useCallback((text: string) => setFilters((current) => ({ ...current, text: text || undefined })), []);
  const rowKey = props.rowKey ?? props.rowLabel;

  return (
    <Stack gap="sm">
      {props.header?.(edit)}
      <Group justify="space-between">
        <Group gap="xs">
          {props.searchLabel ? <SearchInput label={props.searchLabel} onSearch={onSearch} testId={`${testId}-search`} /> : null}
          {props.filterBar?.(filters, setFilters)}
          <Select
            size="xs"
            w={130}
            aria-label={t('masters.status')}
            placeholder={t('masters.allStatuses')}
            clearable
            data={['Active', 'Inactive']}
            value={filters.status ?? null}
            onChange={(value) => setFilters({ ...filters, status: value === 'Active' || value === 'Inactive' ? value : undefined })}
            data-testid={`${testId}-filter-status`}
          />
        </Group>
        <Group gap="xs">
          {props.importType ? (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/import?type=${props.importType}`}
              leftSection={<IconFileImport size={14} />}
              data-testid={`${testId}-import`}
            >
              {t('masters.import')}
            </Button>
          ) : null}
          {props.toolbar}
          <ExportButton
            download={() => props.exportFile.download(sortExpression, filters)}
            fileName={props.exportFile.fileName}
            testId={`${testId}-export`}
          />
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => edit(editor.newDraft())} data-testid={`${testId}-add`}>
            {editor.addLabel}
          </Button>
        </Group>
      </Group>
      <DataTable
        columns={props.columns}
        rows={list.rows}
        rowId={(row) => row.id}
        rowLabel={props.rowLabel}
        rowTestId={(row) => `${testId}-row-${rowKey(row)}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={props.emptyText}
        sort={{ value: sort, fallback: defaultSort, onChange: setSort }}
        onRowClick={(row) => edit(editor.draftOf(row))}
        {...(props.rowHeight ? { rowHeight: props.rowHeight } : {})}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        selection={{
          selected,
          onChange: setSelected,
          actions: (
            <>
              {props.selectionActions?.(selected, refresh)}
              <MasterRowActions
                count={selected.length}
                setStatus={(status) => props.rowActions.setStatus(selected, status)}
                remove={() => props.rowActions.remove(selected)}
                confirmDeleteKey={props.rowActions.confirmDeleteKey}
                onDone={refresh}
                testIdPrefix={testId}
              />
            </>
          ),
        }}
      />
      <DetailDrawer opened={editing !== null} onClose={() => setEditing(null)} title={editing ? editor.title(editing.draft) : ''} size="md">
        {editing ? (
          <Fragment key={editing.n}>
            {editor.form(editing.draft, () => {
              setEditing(null);
              refresh();
            })}
          </Fragment>
        ) : null}
      </DetailDrawer>
    </Stack>
  );
};
