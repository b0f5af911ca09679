import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatInr } from '@opengst/domain';
import type { Insights, RowFilters } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { loadFailureText } from '../../../shared/loadFailure';
import { NameOverCode } from '../../../shared/report/reportColumns';
import { AtRisk } from '../Amount';
import { insightsQuery } from '../reconciliationApi';

// The ITC-insights decision-assist summary: what to claim, what is at risk, what to reverse, what to claim later and
// what the books lack, in rupees; then the rows behind it by reason and by supplier, each opening the reconciliation
// tab filtered to them.

type RowPatch = Partial<Omit<RowFilters, 'runId'>>;

const CARDS: { key: keyof Omit<Insights, 'byReason' | 'bySupplier'>; color?: string }[] = [
  { key: 'itcAvailable', color: 'green' },
  { key: 'itcAtRisk', color: 'red' },
  { key: 'itcToReverse', color: 'red' },
  { key: 'itcToClaimLater' },
  { key: 'itcNotInBooks' },
];

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const InsightsTab = ({ runId, onOpenRows }: { runId: number; onOpenRows: (patch: RowPatch) => void }) => {
  const t = useText();
  const { data, isError, error } = useQuery(insightsQuery(runId));
  if (isError)
    return (
      <Alert color="red" variant="light">
        {loadFailureText(error, t('reconciliation.insights.loadFailed'))}
      </Alert>
    );
  if (!data) return <Loader size="sm" />;
  return (
    <Stack gap="sm" data-testid="insights-tab">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        {CARDS.map(({ key, color }) => (
          <Paper key={key} withBorder radius="sm" p="sm" data-testid={`insight-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`reconciliation.insights.${key}` as TextKey)}
            </Text>
            <Text size="lg" fw={700} c={data[key] !== 0 ? color : undefined} style={numeric} data-testid={`insight-${key}-amount`}>
              {`₹ ${formatInr(data[key])}`}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`reconciliation.insights.${key}.hint` as TextKey)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Stack gap={6}>
          <Title order={3} size="h6">
            {t('reconciliation.insights.byReason')}
          </Title>
          <Table fz="sm" verticalSpacing={4} withTableBorder highlightOnHover data-testid="insights-by-reason">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reconciliation.insights.reason')}</Table.Th>
                <Table.Th className="numeric">{t('reconciliation.insights.rows')}</Table.Th>
                <Table.Th className="numeric">{t('reconciliation.insights.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byReason.map((item) => (
                <Table.Tr
                  key={item.reason}
                  onClick={item.filters ? () => onOpenRows(item.filters ?? {}) : undefined}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && item.filters) onOpenRows(item.filters);
                  }}
                  tabIndex={item.filters ? 0 : undefined}
                  style={item.filters ? { cursor: 'pointer' } : undefined}
                  data-testid={`reason-${item.reason}`}
                >
                  <Table.Td>{item.reason}</Table.Td>
                  <Table.Td className="numeric" style={numeric}>
                    {formatCount(item.rows)}
                  </Table.Td>
                  <Table.Td className="numeric" style={numeric}>
                    {formatInr(item.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap={6}>
          <Title order={3} size="h6">
            {t('reconciliation.insights.bySupplier')}
          </Title>
          <Table fz="sm" verticalSpacing={4} withTableBorder highlightOnHover data-testid="insights-by-supplier">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reconciliation.supplier')}</Table.Th>
                <Table.Th>{t('reconciliation.insights.reason')}</Table.Th>
                <Table.Th className="numeric">{t('reconciliation.itcAtRisk')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.bySupplier.map((item) => (
                <Table.Tr
                  key={item.supplierGstin}
                  onClick={() => onOpenRows({ supplierGstins: [item.supplierGstin] })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') onOpenRows({ supplierGstins: [item.supplierGstin] });
                  }}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  data-testid={`supplier-${item.supplierGstin}`}
                >
                  <Table.Td>
                    <NameOverCode name={item.supplierName} code={item.supplierGstin} maxWidth={220} />
                  </Table.Td>
                  <Table.Td>{item.reason}</Table.Td>
                  <Table.Td className="numeric">
                    <AtRisk paise={item.itcAtRisk} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
};
