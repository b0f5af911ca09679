import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, ColorSwatch, Group, MultiSelect, Stack, Text, Tooltip, type MultiSelectProps } from '@mantine/core';
import { IconCalendarDue, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  litigationText as lt,
  NOTICE_DEFAULT_SORT,
  NOTICE_STATUS_TEXT,
  type Notice,
  type NoticeFilters,
  type NoticeOptions,
  type NoticeStageName,
  type NoticeStatusCode,
} from '@opengst/contracts';
import {
  addDays,
  CONTINGENT_CLASSES,
  istDateOf,
  NOTICE_FORMS,
  NOTICE_STAGES,
  noticeFormInfo,
  NOTICE_STATUSES,
  STAGE_NAMES,
  type ContingentClass,
  type NoticeType,
} from '@opengst/domain';
import { financialYearsQuery } from '../../api/sessionData';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { DateField } from '../../shared/DateField';
import { ExportButton } from '../../shared/ExportButton';
import { formatDate } from '../../shared/format';
import { GstinMultiSelect } from '../../shared/GstinMultiSelect';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { Amount } from '../../shared/payments/paymentCells';
import { SearchInput } from '../../shared/SearchInput';
import { useRights } from '../../shared/useRights';
import { useWorkingYear } from '../../shared/workingYear';
import { DueCell, NoticeStatusBadge, TagBadges } from './NoticeBadges';
import { NoticePortalSyncAction, NoticeSourceBadge } from './NoticePortalSync';
import { deleteNotices, exportNotices, noticeKeys, noticeLink, noticeOptionsQuery, searchNotices } from './noticesApi';

// /litigation-management (spec modules §2.4, premium right LitigationManagement; issue 23): the notice register by
// location, sorted by reply date (soonest first), with the spec's status codes, the days left to reply (red once
// overdue, amber within a week), the demand and its contingent class. "Due this week" lists what still needs a reply
// in the next seven days, lapsed ones included. Rows open /edit-litigation; delete needs LitigationDelete. The filters
// by section, year, contingent class, consultant and tag offer what the notices in scope hold (litigation/options), and
// read the dashboard's links, so a figure followed lists exactly the notices behind it.

const DEFAULT_SORT: SortState = parseSortExpression(NOTICE_DEFAULT_SORT);
const NOTICE_TYPES: readonly NoticeType[] = ['Intimation', 'Notice', 'Appeal', 'Refund', 'RectificationOfOrder'];
const TYPE_TEXT: Readonly<Record<NoticeType, string>> = {
  Intimation: 'Intimation',
  Notice: 'Notice',
  Appeal: 'Appeal',
  Refund: 'Refund',
  RectificationOfOrder: 'Rectification of order',
};
const DUE_WEEK_STATUSES: NoticeStatusCode[] = ['ACT', 'ROPEN', 'DDL'];

/** A multi-select's choices: the held values, then "none" when it has a word for it, then any the address named. */
const choicesOf = (held: readonly { value: string; label: string }[], chosen: readonly string[], none?: string) => {
  const all = [...held, ...(none ? [{ value: '-', label: none }] : [])];
  return [...all, ...chosen.filter((value) => !all.some((c) => c.value === value)).map((value) => ({ value, label: value }))];
};
const NO_OPTIONS: NoticeOptions = { sections: [], financialYears: [], consultants: [], tags: [], viewerConsultantId: null };

const NoWrap = ({ children }: { children: ReactNode }) => (
  <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
    {children}
  </Text>
);

const columnsOf = (tags: NoticeOptions['tags']): Column<Notice>[] => [
  {
    key: 'location',
    header: lt('notice.location'),
    width: 150,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.gstin ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate maw={150}>
          {row.entityName}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'form',
    header: lt('notice.form'),
    sortKey: 'form',
    width: 90,
    render: (row) => (
      <Tooltip label={row.formTitle} withArrow>
        <Text size="sm" span style={{ whiteSpace: 'nowrap' }} aria-label={`${row.form}: ${row.formTitle}`}>
          {row.form}
        </Text>
      </Tooltip>
    ),
  },
  {
    key: 'reference',
    header: lt('notice.reference'),
    sortKey: 'referenceNumber',
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <Anchor component={Link} to={noticeLink(row.id)} size="sm" ff="monospace" onClick={(event) => event.stopPropagation()}>
          {row.referenceNumber}
        </Anchor>
        <NoticeSourceBadge source={row.source} />
        <TagBadges tagIds={row.tagIds} tags={tags} />
      </Stack>
    ),
  },
  {
    key: 'issuedOn',
    header: lt('notice.issuedOn'),
    sortKey: 'issuedOn',
    width: 100,
    render: (row) => <NoWrap>{formatDate(row.issuedOn)}</NoWrap>,
  },
  {
    key: 'dueOn',
    header: lt('notice.dueOn'),
    sortKey: 'dueOn',
    width: 130,
    render: (row) => <DueCell dueOn={row.dueOn} daysLeft={row.daysLeft} status={row.status} />,
  },
  {
    key: 'status',
    header: lt('notice.statusColumn'),
    sortKey: 'stage',
    width: 150,
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <NoticeStatusBadge status={row.status} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {STAGE_NAMES[row.stage]}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'totalDemand',
    header: lt('notice.demandColumn'),
    isNumeric: true,
    width: 130,
    render: (row) => <Amount paise={row.totalDemand} />,
  },
  { key: 'contingent', header: lt('notice.contingentColumn'), width: 100, render: (row) => row.contingentClass ?? '—' },
  {
    key: 'assignee',
    header: lt('notice.assigneeColumn'),
    width: 100,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate maw={100}>
          {row.assigneeName ?? '—'}
        </Text>
        {row.consultants.length > 0 ? (
          <Text
            size="xs"
            c="dimmed"
            truncate
            maw={100}
            title={row.consultants.map((c) => c.displayName).join(', ')}
            data-testid="notice-consultants"
          >
            {row.consultants.map((c) => c.displayName).join(', ')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];

type FilterState = {
  text: string;
  locations: string[];
  forms: string[];
  types: NoticeType[];
  stages: NoticeStageName[];
  statuses: NoticeStatusCode[];
  dueFrom: string;
  dueTo: string;
  /** '-' in sections and years: the notices citing none. */
  sections: string[];
  years: string[];
  classes: ContingentClass[];
  consultants: string[];
  tags: string[];
};
const NO_FILTERS: FilterState = {
  text: '',
  locations: [],
  forms: [],
  types: [],
  stages: [],
  statuses: [],
  dueFrom: '',
  dueTo: '',
  sections: [],
  years: [],
  classes: [],
  consultants: [],
  tags: [],
};

/** The API's filters of what is on screen: empty choices left out. */
export const noticeFiltersOf = (f: FilterState): NoticeFilters => ({
  ...(f.text ? { text: f.text } : {}),
  ...(f.locations.length > 0 ? { entityIds: f.locations.map(Number) } : {}),
  ...(f.forms.length > 0 ? { forms: f.forms } : {}),
  ...(f.types.length > 0 ? { noticeTypes: f.types } : {}),
  ...(f.stages.length > 0 ? { stages: f.stages } : {}),
  ...(f.statuses.length > 0 ? { statuses: f.statuses } : {}),
  ...(f.dueFrom ? { dueFrom: f.dueFrom } : {}),
  ...(f.dueTo ? { dueTo: f.dueTo } : {}),
  ...(f.sections.length > 0 ? { sections: f.sections } : {}),
  ...(f.years.length > 0 ? { financialYears: f.years } : {}),
  ...(f.classes.length > 0 ? { contingentClasses: f.classes } : {}),
  ...(f.consultants.length > 0 ? { consultantIds: f.consultants.map(Number) } : {}),
  ...(f.tags.length > 0 ? { tagIds: f.tags.map(Number) } : {}),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The address's parameters this register reads (lists comma-separated), as the dashboard's links write them. */
const KNOWN_PARAMS = new Set([
  'entityIds',
  'forms',
  'noticeTypes',
  'stages',
  'statuses',
  'dueFrom',
  'dueTo',
  'sections',
  'financialYears',
  'contingentClasses',
  'consultantIds',
  'tagIds',
]);
const POSITIVE_ID = /^[1-9]\d*$/;
const YEAR_OR_NONE = /^(\d{4}-\d{2}|-)$/;

/**
 * The filters an address opens the register with (/litigation-management?statuses=DDL&forms=DRC-01): values the
 * register does not know are dropped; `unknown` names the parameters it cannot filter by, so the screen can say so.
 */
export const filtersFromSearch = (params: URLSearchParams): { state: FilterState; unknown: string[] } => {
  const list = (key: string) => (params.get(key) ?? '').split(',').filter((value) => value !== '');
  const forms = new Set(NOTICE_FORMS.map((f) => f.form));
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  return {
    state: {
      text: '',
      locations: list('entityIds').filter((id) => POSITIVE_ID.test(id)),
      forms: list('forms').filter((form) => forms.has(form)),
      types: list('noticeTypes').filter((type): type is NoticeType => (NOTICE_TYPES as readonly string[]).includes(type)),
      stages: list('stages').filter((stage): stage is NoticeStageName => (NOTICE_STAGES as readonly string[]).includes(stage)),
      statuses: list('statuses').filter((status): status is NoticeStatusCode => (NOTICE_STATUSES as readonly string[]).includes(status)),
      dueFrom: date('dueFrom'),
      dueTo: date('dueTo'),
      sections: list('sections')
        .map((section) => section.trim())
        .filter((section) => section !== '' && section.length <= 40),
      years: list('financialYears').filter((year) => YEAR_OR_NONE.test(year)),
      classes: list('contingentClasses').filter((c): c is ContingentClass => (CONTINGENT_CLASSES as readonly string[]).includes(c)),
      consultants: list('consultantIds').filter((id) => POSITIVE_ID.test(id)),
      tags: list('tagIds').filter((id) => POSITIVE_ID.test(id)),
    },
    unknown: [...new Set([...params.keys()].filter((key) => !KNOWN_PARAMS.has(key)))],
  };
};

/** One of the filter bar's multi-selects: small, clearable, its list as wide as its options need. */
const FilterSelect = ({ listWidth, testId, ...props }: MultiSelectProps & { listWidth: number; testId: string }) => (
  <MultiSelect size="xs" clearable comboboxProps={{ width: listWidth, position: 'bottom-start' }} data-testid={testId} {...props} />
);

export const LitigationManagementScreen = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rights = useRights(['LitigationEdit', 'LitigationDelete']);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [params] = useSearchParams();
  const [opened] = useState(() => filtersFromSearch(params));
  const [state, setState] = useState<FilterState>(opened.state);
  const set = <K extends keyof FilterState>(key: K, value: FilterState[K]) => setState((current) => ({ ...current, [key]: value }));
  const onSearch = useCallback((text: string) => setState((current) => (current.text === text ? current : { ...current, text })), []);
  const filters = useMemo(() => noticeFiltersOf(state), [state]);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort) ?? NOTICE_DEFAULT_SORT;
  const list = useListQuery(noticeKeys.list(filters, sortExpression), (page) => searchNotices(filters, sortExpression, page));
  const [selected, setSelected] = useState<number[]>([]);
  const options = useQuery(noticeOptionsQuery).data ?? NO_OPTIONS;
  const columns = useMemo(() => columnsOf(options.tags), [options.tags]);
  const colourOf = (id: string) => options.tags.find((tag) => String(tag.id) === id)?.color ?? 'gray';
  const today = istDateOf(new Date());
  const isDueWeek = state.dueFrom === today && state.dueTo === addDays(today, 7) && state.statuses.join() === DUE_WEEK_STATUSES.join();
  const hasFilters = JSON.stringify({ ...state, text: '' }) !== JSON.stringify({ ...NO_FILTERS });

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end">
        <Group gap="xs" align="flex-end">
          <SearchInput label={lt('notice.search')} onSearch={onSearch} testId="notice-search" width={220} />
          <GstinMultiSelect
            financialYear={workingYear}
            w={220}
            label={lt('notice.locations')}
            placeholder={lt('notice.allLocations')}
            value={state.locations}
            onChange={(next) => set('locations', next)}
            testId="notice-filter-locations"
          />
          <FilterSelect
            w={150}
            label={lt('notice.form')}
            data={NOTICE_FORMS.map((f) => ({ value: f.form, label: f.form }))}
            renderOption={({ option }) => `${option.value} · ${noticeFormInfo(option.value)?.title ?? ''}`}
            value={state.forms}
            onChange={(next) => set('forms', next)}
            searchable
            listWidth={360}
            testId="notice-filter-form"
          />
          <FilterSelect
            w={130}
            label={lt('notice.type')}
            data={NOTICE_TYPES.map((type) => ({ value: type, label: TYPE_TEXT[type] }))}
            value={state.types}
            onChange={(next) => set('types', next as NoticeType[])}
            listWidth={200}
            testId="notice-filter-type"
          />
          <FilterSelect
            w={130}
            label={lt('notice.stage')}
            data={NOTICE_STAGES.map((stage) => ({ value: stage, label: STAGE_NAMES[stage] }))}
            value={state.stages}
            onChange={(next) => set('stages', next as NoticeStageName[])}
            listWidth={180}
            testId="notice-filter-stage"
          />
        </Group>
      </Group>
      <Group gap="xs" align="flex-end">
        <FilterSelect
          w={150}
          label={lt('notice.sections')}
          data={choicesOf(
            options.sections.map((section) => ({ value: section, label: section })),
            state.sections,
            lt('notice.noSection'),
          )}
          value={state.sections}
          onChange={(next) => set('sections', next)}
          searchable
          listWidth={180}
          testId="notice-filter-section"
        />
        <FilterSelect
          w={150}
          label={lt('notice.years')}
          data={choicesOf(
            options.financialYears.map((year) => ({ value: year, label: year })),
            state.years,
            lt('notice.noYear'),
          )}
          value={state.years}
          onChange={(next) => set('years', next)}
          listWidth={160}
          testId="notice-filter-year"
        />
        <FilterSelect
          w={150}
          label={lt('notice.contingentClasses')}
          data={CONTINGENT_CLASSES.map((c) => ({ value: c, label: c }))}
          value={state.classes}
          onChange={(next) => set('classes', next as ContingentClass[])}
          listWidth={160}
          testId="notice-filter-contingent"
        />
        {/* A consultant sees only its own notices: no filter by consultant to offer it. */}
        {options.viewerConsultantId === null ? (
          <FilterSelect
            w={180}
            label={lt('notice.consultantsFilter')}
            data={choicesOf(
              options.consultants.map((c) => ({ value: String(c.id), label: c.displayName })),
              state.consultants,
            )}
            value={state.consultants}
            onChange={(next) => set('consultants', next)}
            searchable
            listWidth={220}
            testId="notice-filter-consultant"
          />
        ) : null}
        <FilterSelect
          w={160}
          label={lt('notice.tags')}
          data={choicesOf(
            options.tags.map((tag) => ({ value: String(tag.id), label: tag.name })),
            state.tags,
          )}
          renderOption={({ option }) => (
            <Group gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${colourOf(option.value)}-6)`} size={12} />
              <span>{option.label}</span>
            </Group>
          )}
          value={state.tags}
          onChange={(next) => set('tags', next)}
          searchable
          listWidth={200}
          testId="notice-filter-tag"
        />
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <FilterSelect
            w={210}
            label={lt('notice.status')}
            data={NOTICE_STATUSES.map((status) => ({ value: status, label: status }))}
            renderOption={({ option }) => `${option.value} · ${NOTICE_STATUS_TEXT[option.value as NoticeStatusCode]}`}
            value={state.statuses}
            onChange={(next) => set('statuses', next as NoticeStatusCode[])}
            listWidth={200}
            testId="notice-filter-status"
          />
          <DateField
            size="xs"
            w={120}
            label={lt('notice.dueFrom')}
            value={state.dueFrom}
            onChange={(iso) => set('dueFrom', iso)}
            data-testid="notice-filter-due-from"
          />
          <DateField
            size="xs"
            w={120}
            label={lt('notice.dueTo')}
            value={state.dueTo}
            onChange={(iso) => set('dueTo', iso)}
            data-testid="notice-filter-due-to"
          />
          <Button
            size="xs"
            variant={isDueWeek ? 'filled' : 'light'}
            leftSection={<IconCalendarDue size={14} />}
            aria-pressed={isDueWeek}
            onClick={() =>
              setState((current) =>
                isDueWeek
                  ? { ...current, dueFrom: '', dueTo: '', statuses: [] }
                  : { ...current, dueFrom: today, dueTo: addDays(today, 7), statuses: DUE_WEEK_STATUSES },
              )
            }
            data-testid="notice-due-week"
          >
            {lt('notice.dueThisWeek')}
          </Button>
          {hasFilters ? (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setState((current) => ({ ...NO_FILTERS, text: current.text }))}
              data-testid="notice-clear"
            >
              {lt('notice.clearFilters')}
            </Button>
          ) : null}
        </Group>
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
      </Group>
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
