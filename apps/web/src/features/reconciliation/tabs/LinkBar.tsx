import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { RunDocument } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { splitApiErrors } from '../../../shared/forms';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { documentIdsOf, linkDocuments } from '../reconciliationApi';
import { useRefreshRun } from '../useRefreshRun';
import { SelectionComparison } from './SelectionComparison';

// The link of two selections: their sums compared, optional remarks, then Link; the linked documents leave the
// pickers (which list unpaired documents) when the run's lists load again.

type Props = { runId: number; books: readonly RunDocument[]; portal: readonly RunDocument[]; onLinked: () => void };

export const LinkBar = ({ runId, books, portal, onLinked }: Props) => {
  const t = useText();
  const refresh = useRefreshRun(runId);
  const client = useQueryClient();
  const [remarks, setRemarks] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const canLink = books.length > 0 && portal.length > 0;
  const link = async () => {
    setBusy(true);
    setRefusal([]);
    try {
      const [purchaseIds, portalIds] = await Promise.all([documentIdsOf(client, books), documentIdsOf(client, portal)]);
      await linkDocuments(runId, purchaseIds, portalIds, remarks);
      notifySuccess(t('reconciliation.manual.linked', { books: formatCount(books.length), portal: formatCount(portal.length) }));
      setRemarks('');
      onLinked();
      refresh();
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="link-bar">
      <SelectionComparison books={books} portal={portal} />
      <RefusalAlert messages={refusal} testId="link-refusal" />
      <Group gap="sm" align="flex-end">
        <TextInput
          size="xs"
          w={320}
          label={t('reconciliation.remarks')}
          placeholder={t('reconciliation.remarksHint')}
          value={remarks}
          maxLength={500}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          data-testid="link-remarks"
        />
        <Button
          size="xs"
          leftSection={<IconLink size={14} />}
          disabled={!canLink}
          loading={isBusy}
          onClick={() => void link()}
          data-testid="link-submit"
        >
          {t('reconciliation.manual.link')}
        </Button>
        {!canLink ? (
          <Text size="xs" c="dimmed">
            {t('reconciliation.manual.chooseBoth')}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
};
