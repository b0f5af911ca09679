import { Group, Text } from '@mantine/core';
import { formatInr } from '@opengst/domain';
import type { Report } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { formatCount } from '../format';

// The totals bar of a report: the number of matching rows and each total column over all of them (not just the
// loaded page), in rupees with en-IN grouping.

type Props<D extends Report> = {
  report: D;
  totalRecords: number;
  totals: Record<D['totals'][number], number> | undefined;
  /** "Totals (₹) of {n} documents": the module's own wording of the count. */
  countLabel: (n: string) => string;
  testId?: string;
};

export const ReportTotals = <D extends Report>({ report, totalRecords, totals, countLabel, testId }: Props<D>) => {
  const t = useText();
  if (!totals || totalRecords === 0) return null;
  const values: Record<string, number> = totals;
  return (
    <Group gap="lg" data-testid={testId}>
      <Text size="xs" fw={600}>
        {countLabel(formatCount(totalRecords))}
      </Text>
      {report.totals.map((key) => {
        const column = report.columns.find((c) => c.key === key);
        const value = values[key] ?? 0;
        return (
          <Group key={key} gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {column ? t(column.label) : key}
            </Text>
            <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${key}`}>
              {column?.kind === 'count' ? formatCount(value) : formatInr(value)}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
};
