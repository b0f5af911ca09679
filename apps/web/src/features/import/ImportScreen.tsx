import { useEffect, useState } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportListItem, ImportSearchFilters, ImportTypeInfo, RightId } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { useRights } from '../../shared/useRights';
import { ColumnMappingDialog } from './ColumnMappingDialog';
import { missingColumnsOf } from './columnMapping';
import { fetchImportProgress, importKeys, importTypesQuery, searchImports } from './importApi';
import { runningImportOf } from './importProgress';
import { DEFAULT_SORT, ImportList, errorRouteOf } from './ImportList';
import { ImportProgressCard } from './ImportProgressCard';
import { ImportUploadPanel, type StartedImport } from './ImportUploadPanel';
import { useImportSession } from './useImportSession';

// /import (spec core §2 "Import"): choose a type, download its sample, upload a file, watch it run, and the list of
// every import of the subscriber, newest first.

const startedFromRow = (row: ImportListItem): StartedImport => ({
  importId: row.importId,
  fileName: row.fileName,
  startedAt: Date.parse(row.stamp),
  importType: row.importType,
});

export const ImportScreen = () => {
  const t = useText();
  const queryClient = useQueryClient();
  const { userId, poolingTime } = useImportSession();
  const { data: types, isError: typesFailed } = useQuery(importTypesQuery);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [filters, setFilters] = useState<ImportSearchFilters>({});
  const [active, setActive] = useState<StartedImport | null>(null);
  const [finishedId, setFinishedId] = useState<number | null>(null);
  const [mapping, setMapping] = useState<{ type: ImportTypeInfo; missing: string[]; importId: number | null } | null>(null);
  const rights = useRights((types ?? []).map((type) => type.rightId as RightId));
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(importKeys.list(filters, sortExpression), (page) => searchImports({ ...page, sortExpression, filters }));

  // The progress card's poll also moves the followed import's row, without reloading the list.
  const { data: live } = useQuery({
    queryKey: importKeys.progress(active?.importId ?? 0),
    queryFn: () => fetchImportProgress(active?.importId ?? 0),
    enabled: false,
  });
  const rows = live ? list.rows.map((row) => (row.importId === live.importId ? { ...row, ...live } : row)) : list.rows;

  // After a reload the user's running import is found in the list (newest first) and followed again.
  const runningInList = runningImportOf(rows, userId);
  useEffect(() => {
    if (!active && runningInList) setActive(startedFromRow(runningInList));
  }, [active, runningInList]);

  const isActiveRunning = active !== null && finishedId !== active.importId;
  const runningFile = isActiveRunning ? active.fileName : (runningInList?.fileName ?? null);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: importKeys.lists() });

  if (typesFailed)
    return (
      <Alert color="red" variant="light">
        {t('importErrors.loadFailed')}
      </Alert>
    );
  if (!types) return <Loader size="sm" />;
  return (
    <Stack gap="md">
      <ImportUploadPanel
        types={types}
        runningFile={runningFile}
        onStarted={(started) => {
          setActive(started);
          refreshList();
        }}
        onMapColumns={(type) =>
          // The newest upload of the type (the list is newest first) lends its headers to pick from.
          setMapping({ type, missing: [], importId: rows.find((row) => row.importType === type.importType)?.importId ?? null })
        }
      />
      {active ? (
        <ImportProgressCard
          key={active.importId}
          importId={active.importId}
          fileName={active.fileName}
          startedAt={active.startedAt}
          poolingTime={poolingTime}
          errorRoute={errorRouteOf(types, active.importType)}
          onFinished={(progress) => {
            setFinishedId(progress.importId);
            refreshList();
          }}
          onMapColumns={(message) => {
            const type = types.find((candidate) => candidate.importType === active.importType);
            if (type) setMapping({ type, missing: missingColumnsOf(type.columns, message), importId: active.importId });
          }}
        />
      ) : null}
      <ColumnMappingDialog
        type={mapping?.type ?? null}
        missing={mapping?.missing ?? []}
        importId={mapping?.importId ?? null}
        canEdit={mapping ? (rights[mapping.type.rightId as RightId] ?? false) : false}
        onClose={() => setMapping(null)}
      />
      <ImportList
        types={types}
        list={list}
        rows={rows}
        sort={sort}
        onSort={setSort}
        filters={filters}
        onFilters={setFilters}
        isLocked={runningFile !== null}
      />
    </Stack>
  );
};
