import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { ReturnDeadline, ReturnFilingStatus } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { periodLabel } from '../../shared/filter-bar/periods';
import { DueDate, ReturnStatusBadge } from './ReturnBadges';

type HeaderReturn = {
  entityName: string;
  gstin: string;
  returnPeriod: string;
  financialYear: string;
  dueDate: string;
  status: ReturnFilingStatus;
};

/** A figure on the right of the header, its label above it. */
export const HeaderFigure = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    {children}
  </Stack>
);

/**
 * The header of a return: its form and taxpayer, GSTIN and period (with the financial year and any `periodNotes`),
 * a `note` under them, and on the right the due date, the status and any further `figures`.
 */
export const ReturnHeader = ({
  title,
  detail,
  deadline,
  periodNotes = [],
  note,
  figures,
}: {
  title: string;
  detail: HeaderReturn;
  deadline: ReturnDeadline;
  periodNotes?: string[];
  note?: ReactNode;
  figures?: ReactNode;
}) => {
  const t = useText();
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={700} size="lg">
            {title}
          </Text>
          <Text size="lg">{detail.entityName}</Text>
        </Group>
        <Group gap="md">
          <Text size="sm" ff="monospace" data-testid="return-gstin">
            {detail.gstin}
          </Text>
          <Text size="sm" data-testid="return-period-label">
            {periodLabel(detail.returnPeriod)}{' '}
            <Text span size="xs" c="dimmed">
              ({[detail.returnPeriod, t('returns.fy', { fy: detail.financialYear }), ...periodNotes].join(', ')})
            </Text>
          </Text>
        </Group>
        {note}
      </Stack>
      <Group gap="lg" align="flex-start">
        <HeaderFigure label={t('returns.dueDate')}>
          <DueDate dueDate={detail.dueDate} status={detail.status} deadline={deadline} />
        </HeaderFigure>
        <HeaderFigure label={t('returns.status')}>
          <ReturnStatusBadge status={detail.status} />
        </HeaderFigure>
        {figures}
      </Group>
    </Group>
  );
};
