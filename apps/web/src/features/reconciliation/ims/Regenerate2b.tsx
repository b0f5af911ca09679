import { useState } from 'react';
import { Alert, Button, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useText } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { splitApiErrors } from '../../../shared/forms';
import { imsKeys, regenerate2b } from './imsApi';

// Recompute GSTR-2B (GST-RULES-DETAIL §2): after IMS actions change, and until the period's GSTR-3B is filed, the
// portal generates the period's GSTR-2B again from the actions standing now. One button per GSTIN of the run and
// period; the portal's answer is said in words beside the table, with what to do next (download that 2B again).

export type RunLocation = { entityId: number; gstin: string };

type Outcome = { tone: 'green' | 'yellow' | 'red'; text: string };

const keyOf = (gstin: string, period: string) => `${gstin}-${period}`;

type Props = { locations: readonly RunLocation[]; periods: readonly string[]; canRegenerate: boolean };

export const Regenerate2b = ({ locations, periods, canRegenerate }: Props) => {
  const t = useText();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const say = (key: string, outcome: Outcome) => setOutcomes((current) => new Map([...current, [key, outcome]]));

  const recompute = async (location: RunLocation, period: string) => {
    const key = keyOf(location.gstin, period);
    const vars = { gstin: location.gstin, period: periodLabel(period) };
    setBusy(key);
    try {
      const answer = await regenerate2b(location.entityId, period);
      const message = answer.message ?? '';
      say(
        key,
        answer.status === 'P'
          ? { tone: 'green', text: t('reconciliation.ims.regenerate.P', vars) }
          : answer.status === 'IP'
            ? { tone: 'yellow', text: t('reconciliation.ims.regenerate.IP', vars) }
            : { tone: 'red', text: t('reconciliation.ims.regenerate.ER', { ...vars, message }) },
      );
    } catch (error) {
      say(key, {
        tone: 'red',
        text: t('reconciliation.ims.regenerate.failed', { ...vars, message: splitApiErrors(error, []).general.join(' ') }),
      });
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: imsKeys.activities() });
    }
  };

  return (
    <Stack gap="xs" data-testid="ims-regenerate">
      <Title order={3} size="h6">
        {t('reconciliation.ims.regenerate.title')}
      </Title>
      <Text size="xs" c="dimmed" maw={760}>
        {t('reconciliation.ims.regenerate.hint')}
      </Text>
      {!canRegenerate ? (
        <Text size="sm" c="dimmed" data-testid="ims-regenerate-no-right">
          {t('reconciliation.ims.noRight')}
        </Text>
      ) : null}
      <ScrollArea type="auto">
        <Table fz="sm" verticalSpacing={4} withRowBorders={false} w="auto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reconciliation.ims.status.gstin')}</Table.Th>
              {periods.map((period) => (
                <Table.Th key={period} style={{ whiteSpace: 'nowrap' }}>
                  {periodLabel(period)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((location) => (
              <Table.Tr key={location.entityId}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {location.gstin}
                  </Text>
                </Table.Td>
                {periods.map((period) => {
                  const key = keyOf(location.gstin, period);
                  return (
                    <Table.Td key={period}>
                      <Button
                        size="compact-xs"
                        variant="default"
                        leftSection={<IconRefresh size={12} />}
                        loading={busy === key}
                        disabled={!canRegenerate || (busy !== null && busy !== key)}
                        onClick={() => void recompute(location, period)}
                        aria-label={t('reconciliation.ims.regenerate.label', { gstin: location.gstin, period: periodLabel(period) })}
                        data-testid={`ims-regenerate-2b-${key}`}
                      >
                        {t('reconciliation.ims.regenerate')}
                      </Button>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {[...outcomes].map(([key, outcome]) => (
        <Alert key={key} variant="light" color={outcome.tone} py={6} data-testid={`ims-regenerate-2b-outcome-${key}`}>
          <Text size="sm">{outcome.text}</Text>
        </Alert>
      ))}
    </Stack>
  );
};
