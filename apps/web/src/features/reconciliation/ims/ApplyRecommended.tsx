import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import type { ReconciliationRow } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { splitApiErrors } from '../../../shared/forms';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { applyRowAction } from '../reconciliationApi';
import { byRecommendation } from './imsRules';

// "Apply recommended": each selected row gets the action the reconciliation recommends for it. The selection is
// grouped by that action and one action call goes per group (Accept, Reject, Pending, in that order), by row ids.
// The dialog says first what will be set and what stays (rows with no recommendation: nothing in IMS to act on).

type Props = { runId: number; selected: readonly ReconciliationRow[]; onDone: () => void };

export const ApplyRecommended = ({ runId, selected, onDone }: Props) => {
  const t = useText();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  /** Groups sent before a refusal did change rows: the lists load again when the dialog closes. */
  const [hasChanged, setChanged] = useState(false);
  const { groups, without } = byRecommendation(selected);
  const close = () => {
    setOpen(false);
    setRefusal([]);
    if (hasChanged) {
      setChanged(false);
      onDone();
    }
  };
  const apply = async () => {
    setBusy(true);
    setRefusal([]);
    let affected = 0;
    try {
      for (const group of groups) {
        const selection = { rowIds: group.rowIds };
        let response = await applyRowAction({ runId, action: group.action, selection });
        // A selection by ids is not asked to be confirmed; should a server ask, the dialog has said the counts already.
        if (response.needsConfirmation !== null)
          response = await applyRowAction({
            runId,
            action: group.action,
            selection: { ...selection, confirmedCount: response.needsConfirmation },
          });
        affected += response.affected;
      }
      notifySuccess(t('reconciliation.ims.applyDone', { n: formatCount(affected) }));
      setOpen(false);
      setChanged(false);
      onDone();
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
      if (affected > 0) setChanged(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconWand size={12} />}
        onClick={() => setOpen(true)}
        data-testid="ims-apply-recommended"
      >
        {t('reconciliation.ims.applyRecommended')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        title={<Text fw={600}>{t('reconciliation.ims.applyTitle', { n: formatCount(selected.length) })}</Text>}
      >
        <Stack gap="sm" data-testid="ims-apply-dialog">
          {groups.length > 0 ? (
            <List size="sm" spacing={2}>
              {groups.map((group) => (
                <List.Item key={group.action} data-testid={`ims-apply-group-${group.action}`}>
                  {t('reconciliation.ims.applyGroup', {
                    action: t(`reconciliation.action.${group.action}`),
                    n: formatCount(group.rowIds.length),
                  })}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" data-testid="ims-apply-nothing">
              {t('reconciliation.ims.applyNothing')}
            </Text>
          )}
          {without > 0 && groups.length > 0 ? (
            <Text size="sm" c="dimmed" data-testid="ims-apply-without">
              {t('reconciliation.ims.applyNone', { n: formatCount(without) })}
            </Text>
          ) : null}
          <RefusalAlert messages={refusal} testId="ims-apply-refusal" />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" loading={isBusy} disabled={groups.length === 0} onClick={() => void apply()} data-testid="ims-apply-confirm">
              {t('reconciliation.ims.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
