import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReturnDetail } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { formatDateTime } from '../../../shared/format';

// The status timeline of a return (UI.md "A return"): Generated, Saved, Submitted, Filed, each with its time once
// reached; the filed step carries the ARN.

type Step = { key: string; label: TextKey; at: string | null; detail?: string | null };

const SAVE_STATUS: Record<string, TextKey> = {
  P: 'returns.saveStatus.P',
  PE: 'returns.saveStatus.PE',
  ER: 'returns.saveStatus.ER',
  IP: 'returns.saveStatus.IP',
};

export const ReturnTimeline = ({ detail }: { detail: ReturnDetail }) => {
  const t = useText();
  const steps: Step[] = [
    { key: 'generated', label: 'returns.step.generated', at: detail.generationStatus === 'Completed' ? detail.generatedAt : null },
    {
      key: 'saved',
      label: 'returns.step.saved',
      at: detail.savedAt,
      detail: detail.portalSaveStatus ? t(SAVE_STATUS[detail.portalSaveStatus] ?? 'returns.saveStatus.IP') : null,
    },
    { key: 'submitted', label: 'returns.step.submitted', at: detail.submittedAt },
    {
      key: 'filed',
      label: 'returns.step.filed',
      at: detail.filedAt,
      detail: detail.arn ? t('returns.arnValue', { arn: detail.arn }) : null,
    },
  ];
  return (
    <Group gap={0} wrap="nowrap" data-testid="return-timeline">
      {steps.map((step, index) => {
        const isDone = step.at !== null;
        return (
          <Group key={step.key} gap={0} wrap="nowrap" style={{ flex: 1 }}>
            <Group gap={8} wrap="nowrap" data-testid={`step-${step.key}`} data-done={isDone}>
              <ThemeIcon size={22} radius="xl" variant={isDone ? 'filled' : 'light'} color={isDone ? 'green' : 'gray'} aria-hidden>
                {isDone ? <IconCheck size={14} /> : <Text size="xs">{index + 1}</Text>}
              </ThemeIcon>
              <Box>
                <Text size="sm" fw={600} c={isDone ? undefined : 'dimmed'}>
                  {t(step.label)}
                </Text>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {step.at ? formatDateTime(step.at) : t('returns.step.pending')}
                  {step.detail ? ` · ${step.detail}` : ''}
                </Text>
              </Box>
            </Group>
            {index < steps.length - 1 ? <Box h={1} mx="sm" bg={isDone ? 'green.4' : 'gray.3'} style={{ flex: 1, minWidth: 16 }} /> : null}
          </Group>
        );
      })}
    </Group>
  );
};
