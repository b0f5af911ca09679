import { useMemo, useState } from 'react';
import { Anchor, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { latestOpenReturnPeriod, financialYearOfPeriod } from '@opengst/domain';
import {
  LISTED_RETURN_FORMS,
  RETURN_TYPE_LABELS,
  ReturnFilingStatusSchema,
  type ReturnFilingStatus,
  type ReturnListRow,
} from '@opengst/contracts';
import { userEntitiesQuery } from '../../api/sessionData';
import { useText, type TextKey, type Translate } from '../../i18n/useText';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { LocationPicker } from '../../shared/filter-bar/LocationPicker';
import { buildLocationTree } from '../../shared/filter-bar/locationSelection';
import { periodLabel } from '../../shared/filter-bar/periods';
import { formatCount } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { CorrectionLines } from './Corrections';
import { DateText, DueDate, GenerationBadge, ReturnStatusBadge } from './ReturnBadges';
import { ReturnPeriodPicker } from './ReturnPeriodPicker';
import { overviewLink, returnLink, salesRegisterLink } from './returnRules';
import { returnKeys, searchReturns } from './returnsApi';

// /regular-returns-list (spec core §2 "Regular returns group"): every GSTIN of the user's locations for one return
// period, with each return's status and due date; a row opens the return, and links lead to the sales register and
// the overview of that GSTIN and period.

const DEFAULT_SORT: SortState = parseSortExpression('gstin ASC');

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

const columns = (t: Translate): Column<ReturnListRow>[] => [
  {
    key: 'entityName',
    header: t('returns.location'),
    sortKey: 'entityName',
    // The links to the sales register and the overview sit beneath the name, so the table fits a laptop screen.
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" truncate maw={200} title={row.entityName}>
          {row.entityName}
        </Text>
        <Group gap="sm" wrap="nowrap" onClick={stop}>
          <Anchor
            component={Link}
            to={salesRegisterLink(row.entityId, row.returnPeriod)}
            size="xs"
            style={{ whiteSpace: 'nowrap' }}
            data-testid={`sales-link-${row.gstin}-${row.returnType}`}
          >
            {t('returns.salesRegister')}
          </Anchor>
          <Anchor
            component={Link}
            to={overviewLink(row.entityId, row.returnPeriod)}
            size="xs"
            data-testid={`overview-link-${row.gstin}-${row.returnType}`}
          >
            {t('returns.overview')}
          </Anchor>
        </Group>
      </Stack>
    ),
  },
  {
    key: 'gstin',
    header: t('returns.gstin'),
    sortKey: 'gstin',
    width: 160,
    render: (row) => (
      <Text span size="sm" ff="monospace">
        {row.gstin}
      </Text>
    ),
  },
  {
    key: 'returnType',
    header: t('returns.returnType'),
    width: 170,
    // A GSTR-1A is optional: the row says what it is for, so it does not read as one more return to file.
    render: (row) => (
      <Stack gap={0}>
        <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {RETURN_TYPE_LABELS[row.returnType]}
        </Text>
        {row.returnType === 'GSTR1A' ? (
          <Text span size="xs" c="dimmed" data-testid={`gstr1a-purpose-${row.gstin}`}>
            {t('returns.gstr1aPurpose')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'dueDate',
    header: t('returns.dueDate'),
    sortKey: 'dueDate',
    width: 150,
    render: (row) => <DueDate dueDate={row.dueDate} status={row.status} deadline={row.deadline} />,
  },
  {
    key: 'status',
    header: t('returns.status'),
    sortKey: 'status',
    width: 170,
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        <ReturnStatusBadge status={row.status} />
        {row.generationStatus === 'YetNotStarted' || row.generationStatus === 'Completed' ? null : (
          <GenerationBadge status={row.generationStatus} />
        )}
      </Group>
    ),
  },
  {
    key: 'documentCount',
    header: t('returns.documents'),
    isNumeric: true,
    width: 150,
    render: (row) => (
      <Stack gap={0} align="flex-end">
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`document-count-${row.gstin}-${row.returnType}`}>
          {row.documentCount === null ? '—' : formatCount(row.documentCount)}
        </Text>
        <CorrectionLines corrections={row.corrections} />
      </Stack>
    ),
  },
  { key: 'filedAt', header: t('returns.filedOn'), width: 96, render: (row) => (row.filedAt ? <DateText iso={row.filedAt} /> : '—') },
  {
    key: 'arn',
    header: t('returns.arn'),
    width: 150,
    render: (row) =>
      row.arn ? (
        <Text span size="xs" ff="monospace">
          {row.arn}
        </Text>
      ) : (
        '—'
      ),
  },
];

export const RegularReturnsListScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const [returnPeriod, setReturnPeriod] = useState(() => latestOpenReturnPeriod(new Date()));
  const [entityIds, setEntityIds] = useState<number[]>([]);
  const [statuses, setStatuses] = useState<ReturnFilingStatus[]>([]);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const { data: entities = [], isPending: isEntitiesPending } = useQuery(userEntitiesQuery(financialYearOfPeriod(returnPeriod)));
  const tree = useMemo(() => buildLocationTree(entities), [entities]);
  const hasGstin = entities.some((entity) => entity.hasAccess && entity.entityType !== 'Business' && entity.gstin);

  const sortExpression = toSortExpression(sort);
  const request = {
    returnPeriod,
    entityIds: entityIds.length > 0 ? entityIds : null,
    statuses: statuses.length > 0 ? statuses : null,
    sortExpression,
  };
  const list = useListQuery(returnKeys.list(request), (page) => searchReturns({ ...request, ...page }));

  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" px="sm" py={8}>
        <Group gap="sm" align="flex-end">
          <ReturnPeriodPicker value={returnPeriod} onChange={setReturnPeriod} />
          <LocationPicker tree={tree} selected={entityIds} onChange={setEntityIds} />
          <MultiSelect
            size="xs"
            w={240}
            label={t('returns.status')}
            placeholder={statuses.length === 0 ? t('filter.statusAll') : undefined}
            data={ReturnFilingStatusSchema.options.map((status) => ({ value: status, label: t(`returns.status.${status}` as TextKey) }))}
            value={statuses}
            onChange={(values) => setStatuses(ReturnFilingStatusSchema.array().parse(values))}
            clearable
            data-testid="filter-return-status"
          />
        </Group>
      </Paper>
      {!isEntitiesPending && !hasGstin ? (
        <FilterPlaceholder kind="empty" testId="returns-no-gstin" text={t('returns.noGstin')} />
      ) : (
        <DataTable
          columns={columns(t)}
          rowId={(row) => row.entityId * LISTED_RETURN_FORMS.length + LISTED_RETURN_FORMS.indexOf(row.returnType)}
          rowTestId={(row) => `return-row-${row.gstin}-${row.returnType}`}
          rowLabel={(row) => `${RETURN_TYPE_LABELS[row.returnType]} ${row.gstin} ${periodLabel(row.returnPeriod)}`}
          emptyText={t('returns.listEmpty', { period: periodLabel(returnPeriod) })}
          sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
          onRowClick={(row) => void navigate(returnLink(row.returnType, row.entityId, row.returnPeriod))}
          {...listTableProps(list)}
        />
      )}
      {!isEntitiesPending && !hasGstin ? (
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/entities" size="sm" data-testid="returns-to-entities">
            {t('returns.toEntities')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
};
