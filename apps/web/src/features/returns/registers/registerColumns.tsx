import { Box, Group, Stack, Text } from '@mantine/core';
import { formatInr } from '@opengst/domain';
import type { DocumentStatus, RegisterItem, RegisterReport, SummaryItem } from '@opengst/contracts';
import type { Translate } from '../../../i18n/useText';
import type { Column } from '../../../shared/list/DataTable';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { NameOverCode, reportColumn, type ColumnOverride } from '../../../shared/report/reportColumns';
import type { RegisterModule } from './registerModules';

// The register's and the summary tab's columns: amounts right-aligned in tabular figures with en-IN grouping, the
// rupee sign only in the totals (UI.md "Numbers are first-class").

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const money = (paise: number) => (
  <Text span size="sm" style={numeric}>
    {formatInr(paise)}
  </Text>
);

/** UI.md: green done, amber waiting, red refused, grey not started; the status is also written out. */
export const DOCUMENT_STATUS_COLOR: Record<DocumentStatus, string> = {
  YetNotGenerated: 'gray',
  Generated: 'green',
  Completed: 'green',
  Draft: 'yellow',
  Approved: 'green',
  Rejected: 'red',
};

export const statusLabel = (t: Translate, status: string): string => t(`register.status.${status}` as Parameters<Translate>[0]);

/** A dot in the status colour and the status written out: it never truncates, so the column stays narrow. */
export const DocumentStatusBadge = ({ t, status }: { t: Translate; status: DocumentStatus }) => (
  <Group gap={6} wrap="nowrap" data-status={status}>
    <Box
      w={8}
      h={8}
      style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${DOCUMENT_STATUS_COLOR[status]}-6)` }}
      aria-hidden
    />
    <Text span size="xs" style={{ whiteSpace: 'nowrap' }}>
      {statusLabel(t, status)}
    </Text>
  </Group>
);

/**
 * The register's grid: the report's columns (contracts REGISTER_REPORTS), with two-line cells where a laptop screen
 * needs them (number over type, name over GSTIN, location over its GSTIN) and CGST + SGST in one column (equal halves,
 * computeTax); cess and the other fields are in the totals, the drawer and the export.
 */
export const registerColumns = (t: Translate, module: RegisterModule): Column<RegisterItem>[] => {
  const column = (key: RegisterReport['columns'][number]['key'], override?: ColumnOverride<RegisterItem>) =>
    reportColumn(module.report, key, t, override);
  return [
    column('documentDate'),
    column('documentNumber', {
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {row.documentNumber}
          </Text>
          <Text size="xs" c="dimmed">
            {row.documentType}
          </Text>
        </Stack>
      ),
    }),
    {
      key: 'counterparty',
      header: t(module.counterpartyKey),
      sortKey: 'counterpartyName',
      render: (row) => (
        <NameOverCode
          name={row.counterpartyName}
          code={row.counterpartyGstin}
          missingCode={t('register.detail.unregistered')}
          maxWidth={170}
        />
      ),
    },
    {
      key: 'location',
      header: t('register.location'),
      render: (row) => <NameOverCode name={row.entityName} code={row.gstin} maxWidth={150} />,
    },
    column('returnPeriod'),
    column('taxable'),
    column('igst'),
    { key: 'cgstSgst', header: t('register.cgstSgst'), isNumeric: true, width: 110, render: (row) => money(row.cgst + row.sgst) },
    column('documentValue'),
    column('status', { render: (row) => <DocumentStatusBadge t={t} status={row.status} /> }),
  ];
};

const rateText = (milliPercent: number): string => `${(milliPercent / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })}%`;

export const summaryColumns = (t: Translate): Column<SummaryItem>[] => [
  {
    key: 'returnPeriod',
    header: t('register.returnPeriod'),
    sortKey: 'returnPeriod',
    width: 78,
    render: (row) => (
      <Text span size="sm" style={numeric}>
        {periodLabel(row.returnPeriod)}
      </Text>
    ),
  },
  { key: 'summaryType', header: t('register.summaryType'), sortKey: 'summaryType', width: 140, render: (row) => row.summaryType },
  { key: 'location', header: t('register.location'), render: (row) => row.entityName },
  {
    key: 'placeOfSupply',
    header: t('register.placeOfSupply'),
    sortKey: 'placeOfSupply',
    width: 80,
    render: (row) => row.placeOfSupply || row.supplyType || '—',
  },
  {
    key: 'rate',
    header: t('register.rate'),
    sortKey: 'rate',
    isNumeric: true,
    width: 64,
    render: (row) => (
      <Text span size="sm" style={numeric}>
        {rateText(row.rate)}
      </Text>
    ),
  },
  { key: 'taxable', header: t('register.taxable'), sortKey: 'taxable', isNumeric: true, width: 120, render: (row) => money(row.taxable) },
  { key: 'igst', header: t('register.igst'), isNumeric: true, width: 100, render: (row) => money(row.igst) },
  { key: 'cgst', header: t('register.cgst'), isNumeric: true, width: 100, render: (row) => money(row.cgst) },
  { key: 'sgst', header: t('register.sgst'), isNumeric: true, width: 100, render: (row) => money(row.sgst) },
  { key: 'cess', header: t('register.cess'), isNumeric: true, width: 80, render: (row) => money(row.cess) },
  { key: 'nilRated', header: t('register.nilRated'), isNumeric: true, width: 110, render: (row) => money(row.nilRated) },
  { key: 'exempted', header: t('register.exempted'), isNumeric: true, width: 110, render: (row) => money(row.exempted) },
  { key: 'nonGst', header: t('register.nonGst'), isNumeric: true, width: 110, render: (row) => money(row.nonGst) },
  {
    key: 'numbers',
    header: t('register.numbers'),
    width: 150,
    render: (row) =>
      row.fromNumber ? <Text span size="xs" ff="monospace">{`${row.fromNumber} – ${row.toNumber} (${row.totalNumber})`}</Text> : '—',
  },
];
