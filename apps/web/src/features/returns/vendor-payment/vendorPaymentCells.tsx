import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { formatInr } from '@opengst/domain';
import { HOLD_REASON_TEXT, vendorPaymentText as vp, type VendorInvoice } from '@opengst/contracts';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';

// Cells the three vendor payment screens share: amounts as UI.md has them (right-aligned tabular figures, en-IN), the
// reconciliation status and why GST is held, and the Rule 37 clock.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const Money = ({ paise, tone, testId }: { paise: number; tone?: 'hold' | 'release' | 'risk'; testId?: string }) => {
  const colour =
    paise === 0 ? undefined : tone === 'hold' ? 'orange.8' : tone === 'release' ? 'green.8' : tone === 'risk' ? 'red.8' : undefined;
  return (
    <Text span size="sm" style={numeric} c={colour} fw={colour ? 600 : undefined} data-testid={testId}>
      {formatInr(paise)}
    </Text>
  );
};

export const moneyColumn = <T,>(
  key: string,
  header: string,
  value: (row: T) => number,
  tone?: 'hold' | 'release' | 'risk',
  sortKey?: string,
): Column<T> => ({
  key,
  header,
  isNumeric: true,
  width: 120,
  ...(sortKey ? { sortKey } : {}),
  render: (row) => <Money paise={value(row)} {...(tone ? { tone } : {})} />,
});

/** The reconciliation's status (grey when none has reconciled it) and, under it, why GST is held. */
export const HoldCell = ({ invoice }: { invoice: VendorInvoice }) => {
  const status = invoice.reconciliationStatus;
  const colour =
    status === null
      ? 'gray'
      : status.startsWith('Matched')
        ? 'green'
        : status === 'Awaiting 2B' || status === 'Near matched'
          ? 'yellow'
          : 'red';
  return (
    <Stack gap={2}>
      <Badge size="xs" variant="light" color={colour} radius="sm" tt="none">
        {status ?? vp('vendorPayment.notReconciled')}
      </Badge>
      {invoice.holdReason ? (
        <Text size="xs" c="dimmed" data-testid={`hold-reason-${invoice.documentId}`}>
          {HOLD_REASON_TEXT[invoice.holdReason]}
        </Text>
      ) : null}
    </Stack>
  );
};

/** Rule 37: the 180th day, the days left (or over), and the credit to reverse once past it. */
export const ClockCell = ({ invoice }: { invoice: VendorInvoice }) => (
  <Tooltip
    disabled={!invoice.isOverdue}
    label={`${vp('vendorPayment.itcToReverse')} ₹ ${formatInr(invoice.itcToReverse)} + ${vp('vendorPayment.interest')} ₹ ${formatInr(invoice.interest)}`}
  >
    <Stack gap={0}>
      <Text size="sm">{formatDate(invoice.dueDate)}</Text>
      <Text
        size="xs"
        c={invoice.isOverdue ? 'red.8' : invoice.daysLeft <= 30 ? 'orange.8' : 'dimmed'}
        data-testid={`clock-${invoice.documentId}`}
      >
        {invoice.daysLeft >= 0
          ? vp('vendorPayment.daysLeft', { n: invoice.daysLeft })
          : vp('vendorPayment.daysOver', { n: -invoice.daysLeft })}
      </Text>
    </Stack>
  </Tooltip>
);
