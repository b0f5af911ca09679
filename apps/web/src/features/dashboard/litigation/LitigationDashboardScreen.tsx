import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  litigationDashboardText as dt,
  NOTICE_STATUS_TEXT,
  type NoticeDashboard,
  type NoticeStatusCode,
  type NoticeTally,
} from '@opengst/contracts';
import { addDays, formatInr } from '@opengst/domain';
import { financialYearsQuery } from '../../../api/sessionData';
import { formatCount, formatDate } from '../../../shared/format';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { loadFailureText } from '../../../shared/loadFailure';
import { useRights } from '../../../shared/useRights';
import { useWorkingYear } from '../../../shared/workingYear';
import {
  dueWeekFilter,
  litigationDashboardQuery,
  OPEN_STATUSES,
  registerLink,
  REGISTER_PATH,
  type RegisterFilter,
} from './litigationDashboardApi';
import { TallyChart, type Measure } from './TallyChart';

// /litigation-dashboard (spec core §2 dashboard group; issue 23): the notice register's figures over the chosen
// locations. Four headline cards (open notices and their demand, replies due within seven days, overdue in red, the
// amount at stake with what is provided for and what is disclosed under Ind AS 37), then the breakdowns by status,
// form, financial year, section and location. Every count and amount opens the register filtered to the notices
// behind it, within the same locations.

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const STATUS_COLOUR: Readonly<Record<NoticeStatusCode, string>> = {
  ACT: 'blue.5',
  REP: 'green.6',
  CLS: 'gray.5',
  DDL: 'red.7',
  ROPEN: 'orange.6',
};
const isStatus = (key: string): key is NoticeStatusCode => key in NOTICE_STATUS_TEXT;

/** A figure that opens the register behind it. */
const FigureLink = ({
  to,
  children,
  testId,
  label,
  size = 'sm',
  colour,
  wrap = false,
}: {
  to: string;
  children: ReactNode;
  testId: string;
  label: string;
  size?: 'sm' | 'xl';
  colour?: string;
  /** Figures stay on one line; a sentence with a figure in it may wrap. */
  wrap?: boolean;
}) => (
  <Anchor
    component={Link}
    to={to}
    size={size}
    fw={size === 'xl' ? 600 : undefined}
    c={colour}
    style={wrap ? { fontVariantNumeric: 'tabular-nums' } : NUMERIC}
    aria-label={label}
    data-testid={testId}
  >
    {children}
  </Anchor>
);

const HeadlineCard = ({
  title,
  children,
  testId,
  alert = false,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  alert?: boolean;
}) => (
  <Card
    withBorder
    padding="sm"
    radius="sm"
    data-testid={testId}
    style={alert ? { borderColor: 'var(--mantine-color-red-6)', background: 'var(--mantine-color-red-0)' } : undefined}
  >
    <Text size="xs" c={alert ? 'red.9' : 'dimmed'} tt="uppercase" fw={600}>
      {title}
    </Text>
    {children}
  </Card>
);

const Headlines = ({ data, link }: { data: NoticeDashboard; link: (filter: RegisterFilter) => string }) => {
  const open = link({ statuses: OPEN_STATUSES });
  const dueWeek = dueWeekFilter(data.asOf);
  const dueLink = link(dueWeek);
  const overdueLink = link({ statuses: ['DDL'] });
  const { contingent } = data;
  const openStakes = (classes: RegisterFilter['contingentClasses']) => link({ statuses: OPEN_STATUSES, contingentClasses: classes ?? [] });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <HeadlineCard title={dt('litigationDashboard.open')} testId="litigation-open">
        <FigureLink to={open} size="xl" testId="litigation-open-count" label={`${dt('litigationDashboard.open')}: ${data.open.count}`}>
          {formatCount(data.open.count)}
        </FigureLink>
        <Text size="xs" c="dimmed">
          <FigureLink
            to={open}
            testId="litigation-open-demand"
            label={dt('litigationDashboard.demand', { amount: formatInr(data.open.demand) })}
          >
            {dt('litigationDashboard.demand', { amount: formatInr(data.open.demand) })}
          </FigureLink>
        </Text>
        <Text size="xs" c="dimmed">
          <FigureLink
            to={link({})}
            testId="litigation-total"
            wrap
            label={dt('litigationDashboard.openDetail', { total: data.total.count, demand: formatInr(data.total.demand) })}
          >
            {dt('litigationDashboard.openDetail', { total: formatCount(data.total.count), demand: formatInr(data.total.demand) })}
          </FigureLink>
        </Text>
      </HeadlineCard>
      <HeadlineCard title={dt('litigationDashboard.dueThisWeek')} testId="litigation-due-week">
        <FigureLink
          to={dueLink}
          size="xl"
          colour={data.dueThisWeek.count > 0 ? 'orange.9' : undefined}
          testId="litigation-due-week-count"
          label={`${dt('litigationDashboard.dueThisWeek')}: ${data.dueThisWeek.count}`}
        >
          {formatCount(data.dueThisWeek.count)}
        </FigureLink>
        <Text size="xs" c="dimmed">
          <FigureLink
            to={dueLink}
            testId="litigation-due-week-demand"
            label={dt('litigationDashboard.demand', { amount: formatInr(data.dueThisWeek.demand) })}
          >
            {dt('litigationDashboard.demand', { amount: formatInr(data.dueThisWeek.demand) })}
          </FigureLink>
        </Text>
        <Text size="xs" c="dimmed">
          {dt('litigationDashboard.dueThisWeekDetail', { from: formatDate(data.asOf), to: formatDate(addDays(data.asOf, 7)) })}
        </Text>
      </HeadlineCard>
      <HeadlineCard title={dt('litigationDashboard.overdue')} testId="litigation-overdue" alert={data.overdue.count > 0}>
        <FigureLink
          to={overdueLink}
          size="xl"
          colour={data.overdue.count > 0 ? 'red.8' : undefined}
          testId="litigation-overdue-count"
          label={`${dt('litigationDashboard.overdue')}: ${data.overdue.count}`}
        >
          {formatCount(data.overdue.count)}
        </FigureLink>
        <Text size="xs" c={data.overdue.count > 0 ? 'red.9' : 'dimmed'}>
          <FigureLink
            to={overdueLink}
            colour={data.overdue.count > 0 ? 'red.9' : undefined}
            testId="litigation-overdue-demand"
            label={dt('litigationDashboard.demand', { amount: formatInr(data.overdue.demand) })}
          >
            {dt('litigationDashboard.demand', { amount: formatInr(data.overdue.demand) })}
          </FigureLink>
        </Text>
        <Text size="xs" c={data.overdue.count > 0 ? 'red.9' : 'dimmed'}>
          {dt('litigationDashboard.overdueDetail')}
        </Text>
      </HeadlineCard>
      <HeadlineCard title={dt('litigationDashboard.atStake')} testId="litigation-at-stake">
        <FigureLink
          to={openStakes(['Probable', 'Possible'])}
          size="xl"
          testId="litigation-at-stake-amount"
          label={`${dt('litigationDashboard.atStake')}: ${formatInr(contingent.atStake)}`}
        >
          {formatInr(contingent.atStake)}
        </FigureLink>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs">{dt('litigationDashboard.provision')}</Text>
          <FigureLink
            to={openStakes(['Probable'])}
            testId="litigation-provision"
            label={`${dt('litigationDashboard.provision')}: ${formatInr(contingent.provision)}`}
          >
            {formatInr(contingent.provision)}
          </FigureLink>
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs">{dt('litigationDashboard.disclosure')}</Text>
          <FigureLink
            to={openStakes(['Possible'])}
            testId="litigation-disclosure"
            label={`${dt('litigationDashboard.disclosure')}: ${formatInr(contingent.disclosure)}`}
          >
            {formatInr(contingent.disclosure)}
          </FigureLink>
        </Group>
        {contingent.remote > 0 ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {dt('litigationDashboard.remote')}
            </Text>
            <FigureLink
              to={openStakes(['Remote'])}
              testId="litigation-remote"
              label={`${dt('litigationDashboard.remote')}: ${formatInr(contingent.remote)}`}
            >
              {formatInr(contingent.remote)}
            </FigureLink>
          </Group>
        ) : null}
        <Text size="xs" c="dimmed" mt={4}>
          {dt('litigationDashboard.indAs37')}
        </Text>
      </HeadlineCard>
    </SimpleGrid>
  );
};

const Breakdowns = ({ data, link }: { data: NoticeDashboard; link: (filter: RegisterFilter) => string }) => {
  const [measure, setMeasure] = useState<Measure>('demand');
  const byDemand = (rows: readonly NoticeTally[]) => [...rows].sort((a, b) => b.demand - a.demand || b.count - a.count);
  return (
    <Stack gap="sm">
      <Group gap="xs" justify="flex-end">
        <Text size="xs" c="dimmed" id="litigation-measure-label">
          {dt('litigationDashboard.measure')}
        </Text>
        <SegmentedControl
          size="xs"
          value={measure}
          onChange={(next) => setMeasure(next as Measure)}
          data={[
            { value: 'demand', label: dt('litigationDashboard.measureDemand') },
            { value: 'count', label: dt('litigationDashboard.measureCount') },
          ]}
          aria-labelledby="litigation-measure-label"
          data-testid="litigation-measure"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <TallyChart
          title={dt('litigationDashboard.byStatus')}
          testId="litigation-by-status"
          rows={data.byStatus}
          measure={measure}
          linkOf={(row) => (isStatus(row.key) ? link({ statuses: [row.key] }) : link({}))}
          colourOf={(row) => (isStatus(row.key) ? STATUS_COLOUR[row.key] : 'indigo.5')}
          prefixOf={(row) => row.key}
        />
        <TallyChart
          title={dt('litigationDashboard.byForm')}
          testId="litigation-by-form"
          rows={data.byForm}
          measure={measure}
          linkOf={(row) => link({ forms: [row.key] })}
          prefixOf={(row) => row.key}
        />
        <TallyChart
          title={dt('litigationDashboard.byFinancialYear')}
          testId="litigation-by-year"
          rows={data.byFinancialYear}
          measure={measure}
          linkOf={(row) => link({ financialYears: [row.key] })}
        />
        <TallyChart
          title={dt('litigationDashboard.bySection')}
          testId="litigation-by-section"
          rows={data.bySection}
          measure={measure}
          linkOf={(row) => link({ sections: [row.key] })}
        />
      </SimpleGrid>
      <TallyChart
        title={dt('litigationDashboard.byLocation')}
        testId="litigation-by-location"
        rows={byDemand(data.byEntity)}
        measure={measure}
        // A location's row is that location alone, whatever the chips say.
        linkOf={(row) => link({ entityIds: [Number(row.key)] })}
      />
    </Stack>
  );
};

const Empty = () => {
  const rights = useRights(['LitigationEdit']);
  return (
    <Card withBorder padding="lg" radius="sm" data-testid="litigation-dashboard-empty">
      <Title order={2} size="h5" mb={4}>
        {dt('litigationDashboard.emptyTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {dt('litigationDashboard.empty')}
      </Text>
      {rights.LitigationEdit ? (
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          component={Link}
          to="/create-litigation"
          w="fit-content"
          data-testid="litigation-dashboard-add"
        >
          {dt('litigationDashboard.add')}
        </Button>
      ) : null}
    </Card>
  );
};

export const LitigationDashboardScreen = () => {
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const [locations, setLocations] = useState<string[]>([]);
  const scope = locations.map(Number);
  const query = useQuery(litigationDashboardQuery(scope));
  const link = (filter: RegisterFilter) => registerLink(filter, scope);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <GstinMultiSelect
          financialYear={workingYear}
          w={320}
          label={dt('litigationDashboard.locations')}
          placeholder={dt('litigationDashboard.allLocations')}
          value={locations}
          onChange={setLocations}
          testId="litigation-dashboard-locations"
        />
        <Group gap="sm">
          {query.data ? (
            <Text size="xs" c="dimmed" data-testid="litigation-dashboard-as-of">
              {dt('litigationDashboard.asOf', { date: formatDate(query.data.asOf) })}
            </Text>
          ) : null}
          <Anchor component={Link} to={link({}) || REGISTER_PATH} size="sm">
            {dt('litigationDashboard.openRegister')}
          </Anchor>
        </Group>
      </Group>
      {query.isPending ? (
        <Loader size="sm" data-testid="litigation-dashboard-loading" />
      ) : query.isError ? (
        <Alert color="red" variant="light" data-testid="litigation-dashboard-failed">
          <Group justify="space-between">
            <Text size="sm">{loadFailureText(query.error, dt('litigationDashboard.loadFailed'))}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {dt('litigationDashboard.retry')}
            </Button>
          </Group>
        </Alert>
      ) : query.data.total.count === 0 ? (
        <Empty />
      ) : (
        <>
          <Headlines data={query.data} link={link} />
          <Breakdowns data={query.data} link={link} />
        </>
      )}
    </Stack>
  );
};
