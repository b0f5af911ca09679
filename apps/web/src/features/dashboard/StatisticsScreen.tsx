import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconClockHour4 } from '@tabler/icons-react';
import { routeByName, type FrequentlyUsedItem, type RouteName } from '@opengst/contracts';
import { loadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { formatCount, formatDate, formatDateTime } from '../../shared/format';
import { routeRightState } from '../../shared/rights';
import { hasScreen } from '../../shared/screenRoutes';
import { frequentlyUsedQuery, statisticsQuery } from './dashboardApi';
import classes from './StatisticsScreen.module.css';

const StatCard = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <Card withBorder padding="sm" radius="sm">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="xl" fw={600} className="numeric" ta="left">
      {value}
    </Text>
    {detail ? (
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    ) : null}
  </Card>
);

const QuickAccess = () => {
  const t = useText();
  const { data: items, isPending, isError } = useQuery(frequentlyUsedQuery);
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  // Only other screens that exist in this build and that the user may open are offered.
  const usable = (items ?? []).filter(
    (item): item is FrequentlyUsedItem & { moduleType: RouteName } =>
      item.moduleType !== 'Statistics' &&
      hasScreen(item.moduleType) &&
      routeRightState(loaded?.rights ?? [], routeByName(item.moduleType).rights, new Date()) === 'granted',
  );
  return (
    <section aria-labelledby="quick-access-heading">
      <Title order={2} size="h5" id="quick-access-heading" mb="xs">
        {t('stats.quickAccess')}
      </Title>
      {isPending ? <Loader size="sm" /> : null}
      {isError ? null : !isPending && usable.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('stats.quickAccessEmpty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {usable.map((item) => {
            const route = routeByName(item.moduleType);
            return (
              <UnstyledButton key={item.moduleType} component={Link} to={route.path} className={classes.quickCard}>
                <Text fw={600} size="sm" className="truncate-narrow">
                  {route.title}
                </Text>
                <Group gap={4} mt={4} wrap="nowrap">
                  <IconClockHour4 size={14} color="var(--mantine-color-gray-6)" aria-hidden />
                  <Text size="xs" c="dimmed">
                    {t('stats.lastUsed', { date: formatDate(item.lastUsedAt) })} · {t('stats.openedTimes', { n: formatCount(item.count) })}
                  </Text>
                </Group>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
};

const Statistics = () => {
  const t = useText();
  const { data: stats, isPending, isError } = useQuery(statisticsQuery);
  if (isPending) return <Loader size="sm" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('errors.error')}
      </Alert>
    );
  const totalEntities = stats.businesses + stats.locations + stats.childLocations;
  return (
    <section aria-labelledby="statistics-heading">
      <Title order={2} size="h5" id="statistics-heading" mb="xs">
        {t('stats.statistics')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <StatCard
          label={t('stats.entities')}
          value={formatCount(totalEntities)}
          detail={`${t('stats.businesses')} ${formatCount(stats.businesses)} · ${t('stats.locations')} ${formatCount(stats.locations)} · ${t('stats.childLocations')} ${formatCount(stats.childLocations)}`}
        />
        <StatCard label={t('stats.activeUsers')} value={formatCount(stats.activeUsers)} />
        <StatCard label={t('stats.roles')} value={formatCount(stats.roles)} />
        <StatCard
          label={t('stats.financialYears')}
          value={formatCount(stats.financialYears)}
          detail={t('stats.currentFinancialYear', { fy: stats.currentFinancialYear })}
        />
        <StatCard
          label={t('stats.lastSignIn')}
          value={stats.lastSignInAt ? formatDateTime(stats.lastSignInAt) : '—'}
          detail={
            stats.lastSignInAt === null
              ? t('stats.firstSignIn')
              : stats.failedSignInsSinceLastSuccess > 0
                ? t('stats.failedSignIns', { n: stats.failedSignInsSinceLastSuccess })
                : t('stats.noFailedSignIns')
          }
        />
      </SimpleGrid>
    </section>
  );
};

/** Quick access (the user's real most-used screens) and real counts of the subscriber's data. */
export const StatisticsScreen = () => (
  <Stack gap="xl">
    <QuickAccess />
    <Statistics />
  </Stack>
);
