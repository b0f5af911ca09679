import { Badge, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { RECONCILIATION_ROWS_REPORT, type ReconciliationRow } from '@opengst/contracts';
import type { Translate } from '../../../i18n/useText';
import type { Column } from '../../../shared/list/DataTable';
import { reportColumn } from '../../../shared/report/reportColumns';
import { rowColumns } from '../rows/rowColumns';
import { IMS_ACTION_COLOR, imsActionText, isWaiting, PUSHED, SENDING } from './imsRules';

// The IMS reconciliation's grid: which record (status, supplier, its number), then what IMS is about, in view without
// scrolling: the action the portal holds, the one recommended (why, on hover and in the pair view), the user's own
// action, and whether it reached the portal; then the rest of the record beside the books. The shared cells come from
// the rows tab's columns.

const REPORT = RECONCILIATION_ROWS_REPORT;

/** The rows tab's columns shown before the IMS columns, then after them, in this order. */
const LEADING = ['status', 'supplierName', 'portalNumber'] as const;
const TRAILING = ['gstin', 'documentType', 'portalPeriod', 'portalTax', 'booksNumber', 'booksTax', 'taxDifference'] as const;

const AtPortal = ({ t, row }: { t: Translate; row: ReconciliationRow }) =>
  row.imsAction ? (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      color={IMS_ACTION_COLOR[row.imsAction] ?? 'gray'}
      data-testid={`ims-portal-${row.id}`}
      data-ims-action={row.imsAction}
    >
      {imsActionText(t, row.imsAction)}
    </Badge>
  ) : (
    <Text span size="sm" c="dimmed" data-testid={`ims-portal-${row.id}`}>
      —
    </Text>
  );

const Recommended = ({ t, row }: { t: Translate; row: ReconciliationRow }) =>
  row.recommendedAction ? (
    <Group gap={4} wrap="nowrap" title={row.recommendationReason ?? undefined} data-testid={`ims-recommended-${row.id}`}>
      <Text span size="sm">
        {t(`reconciliation.action.${row.recommendedAction}`)}
      </Text>
      {row.recommendationReason ? <IconInfoCircle size={14} color="var(--mantine-color-dimmed)" aria-hidden /> : null}
    </Group>
  ) : (
    <Text span size="sm" c="dimmed" data-testid={`ims-recommended-${row.id}`}>
      —
    </Text>
  );

const SentToPortal = ({ t, row }: { t: Translate; row: ReconciliationRow }) => {
  const testId = `ims-push-status-${row.id}`;
  if (row.pushStatus === PUSHED)
    return (
      <Text span size="sm" c="green" data-testid={testId}>
        {t('reconciliation.ims.pushed')}
      </Text>
    );
  if (row.pushStatus === SENDING)
    return (
      <Text span size="sm" c="yellow" data-testid={testId}>
        {t('reconciliation.ims.sending')}
      </Text>
    );
  if (row.pushStatus)
    return (
      <Text size="xs" c="red" lineClamp={2} title={row.pushStatus} data-testid={testId}>
        {row.pushStatus}
      </Text>
    );
  return isWaiting(row) ? (
    <Text span size="sm" c="yellow" data-testid={testId}>
      {t('reconciliation.ims.notSentYet')}
    </Text>
  ) : (
    <Text span size="sm" c="dimmed" data-testid={testId}>
      —
    </Text>
  );
};

export const imsColumns = (t: Translate): Column<ReconciliationRow>[] => {
  const shared = new Map(rowColumns(t).map((column) => [column.key, column]));
  const action = shared.get('action');
  return [
    ...LEADING.flatMap((key) => shared.get(key) ?? []),
    reportColumn(REPORT, 'imsAction', t, { width: 130, render: (row) => <AtPortal t={t} row={row} /> }),
    reportColumn(REPORT, 'recommendedAction', t, { width: 120, render: (row) => <Recommended t={t} row={row} /> }),
    ...(action ? [{ ...action, header: t('reconciliation.ims.yourAction') }] : []),
    reportColumn(REPORT, 'pushStatus', t, { width: 170, render: (row) => <SentToPortal t={t} row={row} /> }),
    ...TRAILING.flatMap((key) => shared.get(key) ?? []),
  ];
};
