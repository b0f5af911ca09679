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
  // Import/file status (spec core §4): grey not started, amber running or partly done, green done, red failed.
  Initialized: 'gray',
  YetNotStarted: 'gray',
  InProcess: 'yellow',
  InProgress: 'yellow',
  Completed: 'green',
  Success: 'green',
  SuccessWithError: 'orange',
  Failed: 'red',
};

/** `label` is the status as people read it ("Success with errors") where the code is not readable as is. */
export const StatusBadge = ({ status, label }: { status: string; label?: string }) => (
  <Badge size="sm" variant="light" radius="sm" color={STATUS_COLOR[status] ?? 'gray'} data-status={status}>
    {label ?? status}
  </Badge>
);
