import { Badge } from '@mantine/core';
import { EWAYBILL_STATUS_TEXT, type EwaybillStatus } from '@opengst/contracts';

// UI.md: status colours only for status, the status also as text. Spec core §4 names: grey not yet, amber running,
// green live, blue live after a change, red refused or ended. The title holds the whole name where a narrow column cuts it.
const COLOUR: Readonly<Record<EwaybillStatus, string>> = {
  YetNotGenerated: 'gray',
  InProgress: 'yellow',
  Generated: 'green',
  VehicleDetailUpdated: 'blue',
  TransporterUpdated: 'blue',
  TransportDetailsUpdated: 'blue',
  ValidityExtended: 'blue',
  MultiVehicleInitiated: 'blue',
  MultiVehicleAdded: 'blue',
  MultiVehicleUpdated: 'blue',
  Delivered: 'teal',
  Expired: 'orange',
  Cancelled: 'red',
  Rejected: 'red',
  Discarded: 'gray',
  Error: 'red',
};

export const EwaybillStatusBadge = ({ status }: { status: EwaybillStatus }) => (
  <Badge size="sm" variant="light" radius="sm" color={COLOUR[status]} data-status={status} title={EWAYBILL_STATUS_TEXT[status]}>
    {EWAYBILL_STATUS_TEXT[status]}
  </Badge>
);
