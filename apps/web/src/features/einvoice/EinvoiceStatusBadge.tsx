import { Badge } from '@mantine/core';
import { EINVOICE_STATUS_TEXT, type EinvoiceStatus } from '@opengst/contracts';

// UI.md: status colours only for status, the status also as text. Spec core §4 names: grey not yet, amber running,
// green with an IRN, red refused.
const COLOUR: Readonly<Record<EinvoiceStatus, string>> = {
  YetNotGenerated: 'gray',
  InProgress: 'yellow',
  Generated: 'green',
  Regenerated: 'green',
  ERROR: 'red',
};

export const EinvoiceStatusBadge = ({ status }: { status: EinvoiceStatus }) => (
  <Badge size="sm" variant="light" radius="sm" color={COLOUR[status]} data-status={status}>
    {EINVOICE_STATUS_TEXT[status]}
  </Badge>
);
