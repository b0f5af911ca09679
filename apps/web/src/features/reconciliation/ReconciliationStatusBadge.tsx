import { Badge } from '@mantine/core';
import type { ReconciliationStatus } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../i18n/useText';

// A row's status as a coloured badge with its text (UI.md: status colours only for status, never colour alone):
// green matched, amber within tolerance, near or awaiting a GSTR-2B (pending), red mismatched or reported to another
// GSTIN, grey one side only.

export const STATUS_COLOR: Record<ReconciliationStatus, string> = {
  Matched: 'green',
  'Matched due to tolerance': 'yellow',
  'Near matched': 'yellow',
  Mismatched: 'red',
  'Recipient GSTIN differs': 'red',
  'PR only': 'gray',
  'Awaiting 2B': 'yellow',
  'GST only': 'gray',
  Excluded: 'gray',
  Discarded: 'gray',
};

export const statusLabel = (t: Translate, status: string): string => t(`reconciliation.status.${status}` as TextKey);

export const ReconciliationStatusBadge = ({ status }: { status: ReconciliationStatus }) => {
  const t = useText();
  return (
    <Badge
      size="sm"
      variant={status === 'Excluded' || status === 'Discarded' ? 'outline' : 'light'}
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
      color={STATUS_COLOR[status]}
      data-status={status}
    >
      {statusLabel(t, status)}
    </Badge>
  );
};
