import { Stack, Text } from '@mantine/core';
import { RECONCILIATION_ROWS_REPORT, type ReconciliationRow } from '@opengst/contracts';
import type { TextKey, Translate } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { Amount, AtRisk, Difference } from '../Amount';
import { ReconciliationStatusBadge } from '../ReconciliationStatusBadge';

// The reconciliation tab's grid: status, supplier, our GSTIN, each side's document (number over date, period,
// taxable, tax) and the differences, ITC at risk, how it was matched and the decision. Columns come from the report's
// definition; the cells that show more (a badge, two lines, a red difference) override it.

const REPORT = RECONCILIATION_ROWS_REPORT;

const NumberOverDate = ({ number, date }: { number: string | null; date: string | null }) =>
  number ? (
    <Stack gap={0}>
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {number}
      </Text>
      <Text size="xs" c="dimmed">
        {date ? formatDate(date) : ''}
      </Text>
    </Stack>
  ) : (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );

const periodText = (period: string | null) => (period ? periodLabel(period) : '—');

export const rowColumns = (t: Translate): Column<ReconciliationRow>[] => [
  reportColumn(REPORT, 'status', t, { render: (row) => <ReconciliationStatusBadge status={row.status} /> }),
  reportColumn(REPORT, 'supplierName', t, {
    width: 200,
    render: (row) => <NameOverCode name={row.supplierName} code={row.supplierGstin} maxWidth={190} />,
  }),
  reportColumn(REPORT, 'gstin', t, {
    // The supplier reported the document to another of our GSTINs: both show.
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.gstin}
        </Text>
        {row.portalGstin && row.portalGstin !== row.gstin ? (
          <Text size="xs" c="red" ff="monospace" title={t('reconciliation.portalGstin')}>
            {`→ ${row.portalGstin}`}
          </Text>
        ) : null}
      </Stack>
    ),
  }),
  reportColumn(REPORT, 'documentType', t),
  reportColumn(REPORT, 'booksNumber', t, { render: (row) => <NumberOverDate number={row.booksNumber} date={row.booksDate} /> }),
  reportColumn(REPORT, 'booksPeriod', t, {
    render: (row) => (
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {periodText(row.booksPeriod)}
      </Text>
    ),
  }),
  reportColumn(REPORT, 'booksTaxable', t, { render: (row) => <Amount paise={row.booksTaxable} /> }),
  reportColumn(REPORT, 'booksTax', t, { render: (row) => <Amount paise={row.booksTax} /> }),
  reportColumn(REPORT, 'portalNumber', t, { render: (row) => <NumberOverDate number={row.portalNumber} date={row.portalDate} /> }),
  reportColumn(REPORT, 'portalPeriod', t, {
    render: (row) => (
      <Text
        span
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        fw={row.acrossPeriods ? 600 : undefined}
        title={row.acrossPeriods ? t('reconciliation.acrossPeriods') : undefined}
      >
        {periodText(row.portalPeriod)}
      </Text>
    ),
  }),
  reportColumn(REPORT, 'portalTaxable', t, { render: (row) => <Amount paise={row.portalTaxable} /> }),
  reportColumn(REPORT, 'portalTax', t, { render: (row) => <Amount paise={row.portalTax} /> }),
  reportColumn(REPORT, 'taxableDifference', t, { render: (row) => <Difference paise={row.taxableDifference} /> }),
  reportColumn(REPORT, 'taxDifference', t, {
    render: (row) => <Difference paise={row.taxDifference} testId={`tax-difference-${row.id}`} />,
  }),
  reportColumn(REPORT, 'itcAtRisk', t, {
    render: (row) => <AtRisk paise={row.itcAtRisk} />,
  }),
  reportColumn(REPORT, 'rule', t, {
    render: (row) => (
      <Text span size="xs">
        {t(`reconciliation.rule.${row.rule}` as TextKey)}
      </Text>
    ),
  }),
  reportColumn(REPORT, 'action', t, {
    render: (row) =>
      row.action || row.claimPeriod ? (
        <Stack gap={0}>
          <Text size="sm">{row.action ? t(`reconciliation.action.${row.action}` as TextKey) : ''}</Text>
          {row.claimPeriod ? (
            <Text size="xs" c="dimmed">
              {t('reconciliation.claimIn', { period: periodLabel(row.claimPeriod) })}
            </Text>
          ) : null}
        </Stack>
      ) : (
        '—'
      ),
  }),
];
