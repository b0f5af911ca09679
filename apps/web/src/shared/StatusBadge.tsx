import { Badge } from '@mantine/core';

// UI.md: status colours only for status, and the status also as text.
const STATUS_COLOR: Record<string, string> = {
  Active: 'green',
  Inactive: 'gray',
  Draft: 'yellow',
  Locked: 'red',
  Dormant: 'orange',
  Delete: 'red',
  Create: 'green',
  Update: 'indigo',
  StatusChange: 'yellow',
  Export: 'gray',
  Import: 'gray',
};

export const StatusBadge = ({ status }: { status: string }) => (
  <Badge size="sm" variant="light" radius="sm" color={STATUS_COLOR[status] ?? 'gray'}>
    {status}
  </Badge>
);
