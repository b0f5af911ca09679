import { Stack, Text } from '@mantine/core';
import { formatInr } from '@opengst/domain';
import type { Report, ReportColumn, ReportRow } from '@opengst/contracts';
import type { Translate } from '../../i18n/useText';
import { periodLabel } from '../filter-bar/periods';
import { formatCount, formatDate, formatDateTime } from '../format';
import type { Column } from '../list/DataTable';

// A report's grid columns from its definition (contracts report.ts): the header from the column's label, the cell from
// its kind: amounts right-aligned in tabular figures with en-IN grouping, the rupee sign only in the totals (UI.md
// "Numbers are first-class"), codes in monospace, dates DD-MM-YYYY. A screen overrides a cell where it shows more
// (a badge, two lines), and picks the columns it shows.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const NUMERIC_KINDS = new Set<ReportColumn['kind']>(['money', 'count', 'rate', 'quantity']);

const thousandths = (value: number) => (value / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 });

/** The cell text of a value of this kind. */
export const cellText = (kind: ReportColumn['kind'], value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return formatInr(Number(value));
    case 'count':
      return formatCount(Number(value));
    case 'rate':
      return `${thousandths(Number(value))}%`;
    case 'quantity':
      return thousandths(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'dateTime':
      return formatDateTime(String(value));
    case 'period':
      return periodLabel(String(value));
    case 'flag':
      return value ? 'Y' : 'N';
    default:
      return String(value);
  }
};

const cellOf = (column: ReportColumn, value: unknown) => {
  const text = cellText(column.kind, value);
  if (column.kind === 'code') {
    return (
      <Text span size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    );
  }
  if (column.kind === 'text') {
    return (
      <Text span size="sm" truncate title={text}>
        {text}
      </Text>
    );
  }
  return (
    <Text span size="sm" style={numeric}>
      {text}
    </Text>
  );
};

export type ColumnOverride<Row> = Partial<Omit<Column<Row>, 'key'>>;

/**
 * The grid column of one report column; `override` replaces its header, cell, width or sort. Columns a screen shows
 * but the report has not (a composite cell) are plain `Column`s beside these.
 */
export const reportColumn = <D extends Report>(
  report: D,
  key: D['columns'][number]['key'],
  t: Translate,
  override: ColumnOverride<ReportRow<D>> = {},
): Column<ReportRow<D>> => {
  const column = report.columns.find((c) => c.key === key);
  if (!column) throw new Error(`Report ${report.title} has no column ${key}.`);
  return {
    key,
    header: t(column.label),
    render: (row) => cellOf(column, (row as Record<string, unknown>)[key]),
    ...(column.sortable ? { sortKey: key } : {}),
    ...(column.width ? { width: column.width } : {}),
    ...(NUMERIC_KINDS.has(column.kind) ? { isNumeric: true } : {}),
    ...override,
  };
};

/** Every column of the report, in its order, with its default cells. */
export const reportColumns = <D extends Report>(report: D, t: Translate): Column<ReportRow<D>>[] =>
  report.columns.map((column) => reportColumn(report, column.key, t));

/**
 * A name over its code in one cell (a party over its GSTIN, a location over its GSTIN): keeps a register within a
 * laptop screen. A party without a GSTIN reads `missingCode` ("Unregistered").
 */
export const NameOverCode = ({
  name,
  code,
  missingCode,
  maxWidth,
}: {
  name: string | null;
  code: string | null;
  missingCode?: string;
  maxWidth: number;
}) => (
  <Stack gap={0}>
    <Text size="sm" truncate maw={maxWidth} title={name ?? undefined}>
      {name || '—'}
    </Text>
    <Text size="xs" c="dimmed" ff="monospace">
      {code || missingCode || ''}
    </Text>
  </Stack>
);

/** A location's GSTIN over its name, where the GSTIN is what the user looks for (the portal keeps its data by GSTIN). */
export const GstinOverName = ({ gstin, name }: { gstin: string; name: string }) => (
  <Stack gap={0}>
    <Text size="sm" ff="monospace">
      {gstin}
    </Text>
    <Text size="xs" c="dimmed" truncate maw={180} title={name}>
      {name}
    </Text>
  </Stack>
);
