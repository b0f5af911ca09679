import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RETURN_TYPE_LABELS, type ReturnOverview } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { periodLabel } from '../../shared/filter-bar/periods';
import { formatCount } from '../../shared/format';
import { InwardPanel } from './inward/InwardPanel';
import { PortalSessionCard } from './PortalSessionCard';
import { CorrectionLines } from './Corrections';
import { DateText, DueDate, GenerationBadge, ReturnStatusBadge } from './ReturnBadges';
import { ReturnKeyScreen } from './ReturnKeyScreen';
import { returnLink, salesRegisterLink } from './returnRules';
import { returnOverviewQuery } from './returnsApi';
import { loadFailureText } from '../../shared/loadFailure';

// /regular-overview (spec core §2 "Regular returns group"): one GSTIN and period: its returns with their statuses,
// the GST portal session, and the inward data downloaded from the portal (GSTR-2A and GSTR-2B).

const ReturnsTable = ({ overview }: { overview: ReturnOverview }) => {
  const t = useText();
  return (
    <Paper withBorder radius="sm">
      <Table verticalSpacing={6} fz="sm" data-testid="overview-returns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('returns.returnType')}</Table.Th>
            <Table.Th w={150}>{t('returns.dueDate')}</Table.Th>
            <Table.Th w={230}>{t('returns.status')}</Table.Th>
            <Table.Th className="numeric" w={100}>
              {t('returns.documents')}
            </Table.Th>
            <Table.Th w={100}>{t('returns.filedOn')}</Table.Th>
            <Table.Th>{t('returns.arn')}</Table.Th>
            <Table.Th w={250} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.returns.map((row) => (
            <Table.Tr key={row.returnType} data-testid={`overview-return-${row.returnType}`}>
              <Table.Td fw={600}>{RETURN_TYPE_LABELS[row.returnType]}</Table.Td>
              <Table.Td>
                <DueDate dueDate={row.dueDate} status={row.status} deadline={row.deadline} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ReturnStatusBadge status={row.status} />
                  <GenerationBadge status={row.generationStatus} />
                </Group>
              </Table.Td>
              <Table.Td className="numeric">
                {row.documentCount === null ? '—' : formatCount(row.documentCount)}
                <CorrectionLines corrections={row.corrections} />
              </Table.Td>
              <Table.Td>{row.filedAt ? <DateText iso={row.filedAt} /> : '—'}</Table.Td>
              <Table.Td>
                <Text span size="xs" ff="monospace">
                  {row.arn ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap" justify="flex-end">
                  <Anchor
                    component={Link}
                    to={salesRegisterLink(row.entityId, row.returnPeriod)}
                    size="xs"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {t('returns.salesRegister')}
                  </Anchor>
                  <Button
                    component={Link}
                    to={returnLink(row.returnType, row.entityId, row.returnPeriod)}
                    size="compact-xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    data-testid={`overview-open-${row.returnType}`}
                  >
                    {t('returns.open', { type: RETURN_TYPE_LABELS[row.returnType] })}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};

const OverviewView = ({ entityId, returnPeriod }: { entityId: number; returnPeriod: string }) => {
  const t = useText();
  const { data: overview, isError, error } = useQuery(returnOverviewQuery(entityId, returnPeriod));
  if (isError)
    return <FilterPlaceholder kind="empty" text={loadFailureText(error, t('returns.loadFailed'))} testId="overview-load-failed" />;
  if (!overview) return <Loader size="sm" />;
  return (
    <Stack gap="sm" data-testid="overview">
      <Group gap="md">
        <Text fw={700} size="lg">
          {overview.entityName}
        </Text>
        <Text size="sm" ff="monospace">
          {overview.gstin}
        </Text>
        <Text size="sm">{periodLabel(overview.returnPeriod)}</Text>
      </Group>
      <ReturnsTable overview={overview} />
      <PortalSessionCard entityId={entityId} />
      <InwardPanel overview={overview} />
    </Stack>
  );
};

export const RegularOverviewScreen = () => {
  const t = useText();
  return (
    <ReturnKeyScreen
      chooseTestId="overview-choose"
      chooseText={t('returns.chooseOverview')}
      barLinks={
        <Anchor component={Link} to="/regular-returns-list" size="sm" pb={4}>
          {t('returns.allGstins')}
        </Anchor>
      }
    >
      {({ entityId, returnPeriod }) => <OverviewView key={`${entityId}:${returnPeriod}`} entityId={entityId} returnPeriod={returnPeriod} />}
    </ReturnKeyScreen>
  );
};
