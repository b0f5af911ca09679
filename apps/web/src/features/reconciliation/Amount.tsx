import { Text } from '@mantine/core';
import { formatInr } from '@opengst/domain';

// Amounts (paise) as UI.md writes them: right-aligned tabular figures in en-IN grouping; a difference is red only when
// it is not zero, and its sign says which side is higher (portal minus books).

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const Amount = ({ paise, testId }: { paise: number; testId?: string }) => (
  <Text span size="sm" style={numeric} data-testid={testId}>
    {formatInr(paise)}
  </Text>
);

export const Difference = ({ paise, testId }: { paise: number; testId?: string }) => (
  <Text
    span
    size="sm"
    style={numeric}
    c={paise !== 0 ? 'red' : 'dimmed'}
    fw={paise !== 0 ? 600 : undefined}
    data-differs={paise !== 0}
    data-testid={testId}
  >
    {paise > 0 ? `+${formatInr(paise)}` : formatInr(paise)}
  </Text>
);

/** ITC at risk: red when there is any. */
export const AtRisk = ({ paise, testId }: { paise: number; testId?: string }) => (
  <Text span size="sm" style={numeric} c={paise !== 0 ? 'red' : undefined} fw={paise !== 0 ? 600 : undefined} data-testid={testId}>
    {formatInr(paise)}
  </Text>
);
