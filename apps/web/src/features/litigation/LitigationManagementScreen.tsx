import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { litigationText as lt, NOTICE_DEFAULT_SORT, type NoticeOptions } from '@opengst/contracts';
import { financialYearsQuery } from '../../api/sessionData';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { ExportButton } from '../../shared/ExportButton';
import { DataTable } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { useRights } from '../../shared/useRights';
import { useWorkingYear } from '../../shared/workingYear';
import { NoticeFilterBar } from './NoticeFilterBar';
import { NoticePortalSyncAction } from './NoticePortalSync';
import { noticeColumnsOf } from './noticeRegisterColumns';
import { filtersFromSearch, noticeFiltersOf, type FilterState } from './noticeRegisterFilters';
import { deleteNotices, exportNotices, noticeKeys, noticeLink, noticeOptionsQuery, searchNotices } from './noticesApi';

export { filtersFromSearch, noticeFiltersOf } from './noticeRegisterFilters';

// /litigation-management (spec modules §2.4, premium right LitigationManagement; issue 23): the notice register by
// location, sorted by reply date (soonest first), with the spec's status codes, the days left to reply (red once
// overdue, amber within a week), the demand and its contingent class. "Due this week" lists what still needs a reply
// in the next seven days, lapsed ones included. Rows open /edit-litigation; delete needs LitigationDelete. The filters
// by section, year, contingent class, consultant and tag offer what the notices in scope hold (litigation/options), and
// read the dashboard's links, so a figure followed lists exactly the notices behind it.
// The filter bar (NoticeFilterBar), the columns (noticeRegisterColumns) and the filters' state and address
// (noticeRegisterFilters) are in files of their own.

const DEFAULT_SORT: SortState = parseSortExpression(NOTICE_DEFAULT_SORT);
const NO_OPTIONS: NoticeOptions = { sections: [], financialYears: [], consultants: [], tags: [], viewerConsultantId: null };

export const LitigationManagementScreen = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rights = useRights(['LitigationEdit', 'LitigationDelete']);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [params] = useSearchParams();
  const [opened] = useState(() => filtersFromSearch(params));
  const [state, setState] = useState<FilterState>(opened.state);
  const onSearch = useCallback((text: string) => setState((current) => (current.text === text ? current : { ...current, text })), []);
  const filters = useMemo(() => noticeFiltersOf(state), [state]);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? NOTICE_DEFAULT_SORT;
  const list = useListQuery(noticeKeys.list(filters, sortExpression), (page) => searchNotices(filters, sortExpression, page));
  const [selected, setSelected] = useState<number[]>([]);
  const options = useQuery(noticeOptionsQuery).data ?? NO_OPTIONS;
  const columns = useMemo(() => noticeColumnsOf(options.tags), [options.tags]);

  return (
    <Stack gap="sm">
      <NoticeFilterBar
        state={state}
        setState={setState}
        onSearch={onSearch}
        options={options}
        workingYear={workingYear}
        actions={
          <Group gap="xs">
            {rights.LitigationEdit ? (
              <Button
                size="xs"
                variant="default"
                component={Link}
                to="/import?type=Notices"
                leftSection={<IconFileImport size={14} />}
                data-testid="notice-import"
              >
                {lt('notice.import')}
              </Button>
            ) : null}
            <ExportButton download={() => exportNotices(filters, sortExpression)} fileName="notices.xlsx" testId="notice-export" />
            <NoticePortalSyncAction
              financialYear={workingYear}
              onSynced={() => void queryClient.invalidateQueries({ queryKey: noticeKeys.all })}
            />
            {rights.LitigationEdit ? (
              <Button size="xs" leftSection={<IconPlus size={14} />} component={Link} to="/create-litigation" data-testid="notice-add">
                {lt('notice.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {opened.unknown.length > 0 && JSON.stringify(state) === JSON.stringify(opened.state) ? (
        <Alert color="yellow" variant="light" py={6} data-testid="notice-unknown-filters">
          {lt('notice.unknownFilters', { names: opened.unknown.join(', ') })}
        </Alert>
      ) : null}
      {list.isError ? (
        <Text size="sm" c="red" role="alert" data-testid="notice-failed">
          {loadFailureText(list.error, lt('notice.loadFailed'))}
        </Text>
      ) : (
        <DataTable
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={(row) => `notice-row-${row.referenceNumber}`}
          rowLabel={(row) => `${row.form} ${row.referenceNumber} ${row.gstin ?? row.entityName}`}
          emptyText={lt('notice.empty')}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          onRowClick={(row) => void navigate(noticeLink(row.id))}
          {...(rights.LitigationDelete
            ? {
                selection: {
                  selected,
                  onChange: setSelected,
                  actions: (
                    <ConfirmAction
                      label={lt('notice.delete')}
                      title={lt('notice.deleteTitle')}
                      message={lt('notice.deleteMessage', { n: selected.length })}
                      confirmLabel={lt('notice.delete')}
                      color="red"
                      variant="light"
                      testId="notice-delete"
                      onConfirm={async () => {
                        const { affected } = await deleteNotices(selected);
                        notifySuccess(lt('notice.deleted', { n: affected }));
                      }}
                      onDone={() => {
                        setSelected([]);
                        void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
                      }}
                    />
                  ),
                },
              }
            : {})}
          {...listTableProps(list)}
          rowHeight={44}
        />
      )}
    </Stack>
  );
};
