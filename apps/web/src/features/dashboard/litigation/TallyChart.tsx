import { Anchor, Box, Card, Group, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { litigationDashboardText as dt, type NoticeTally } from '@opengst/contracts';
import { formatInr } from '@opengst/domain';
import { formatCount } from '../../../shared/format';

// One breakdown of the dashboard (by status, form, section, year): a horizontal bar per slice, its length the demand
// or the number of notices, and beside it the count and the demand, each a link to the register filtered to that
// slice. The figures are text and links; the bar only repeats them (aria-hidden), so nothing is told by colour alone.

export type Measure = 'demand' | 'count';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Props = {
  title: string;
  testId: string;
  rows: readonly NoticeTally[];
  measure: Measure;
  linkOf: (row: NoticeTally) => string;
  /** A status's colour (status colours only for status); otherwise the accent. */
  colourOf?: (row: NoticeTally) => string;
  /** Shown before the label (a status's code). */
  prefixOf?: (row: NoticeTally) => string;
};

export const TallyChart = ({ title, testId, rows, measure, linkOf, colourOf, prefixOf }: Props) => {
  const largest = Math.max(1, ...rows.map((row) => (measure === 'demand' ? row.demand : row.count)));
  const headingId = `${testId}-heading`;
  return (
    <Card withBorder padding="sm" radius="sm" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={3} size="h6" id={headingId} mb="xs">
        {title}
      </Title>
      <Table layout="fixed" withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="34%">{dt('litigationDashboard.columnName')}</Table.Th>
            <Table.Th w="25%" aria-hidden />
            <Table.Th w="14%" ta="right">
              {dt('litigationDashboard.columnNotices')}
            </Table.Th>
            <Table.Th w="27%" ta="right">
              {dt('litigationDashboard.columnDemand')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const value = measure === 'demand' ? row.demand : row.count;
            const link = linkOf(row);
            const label = prefixOf ? `${prefixOf(row)} · ${row.label}` : row.label;
            return (
              <Table.Tr key={row.key} data-testid={`${testId}-${row.key}`}>
                <Table.Td>
                  <Anchor component={Link} to={link} size="sm" title={label} style={{ display: 'block' }} truncate>
                    {label}
                  </Anchor>
                </Table.Td>
                <Table.Td aria-hidden>
                  <Group gap={0} wrap="nowrap">
                    <Box
                      h={10}
                      miw={value > 0 ? 2 : 0}
                      w={`${(value / largest) * 100}%`}
                      bg={colourOf ? colourOf(row) : 'indigo.5'}
                      style={{ borderRadius: 2 }}
                    />
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={link}
                    size="sm"
                    style={NUMERIC}
                    aria-label={dt('litigationDashboard.noticesOf', { n: row.count, label })}
                    data-testid={`${testId}-${row.key}-count`}
                  >
                    {formatCount(row.count)}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={link}
                    size="sm"
                    style={NUMERIC}
                    aria-label={dt('litigationDashboard.demandOf', { label, amount: formatInr(row.demand) })}
                    data-testid={`${testId}-${row.key}-demand`}
                  >
                    {formatInr(row.demand)}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : null}
    </Card>
  );
};
