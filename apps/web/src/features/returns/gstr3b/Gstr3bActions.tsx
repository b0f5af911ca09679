import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconCalculator, IconDeviceFloppy, IconDownload, IconX } from '@tabler/icons-react';
import type { Gstr3bDetail } from '@opengst/contracts';
import { downloadBlob } from '../../../shared/ExportButton';
import { computeGstr3b, downloadGstr3bJson } from './gstr3bApi';
import { isAtPortal, isComputed, isComputing } from './gstr3bRules';
import { useText } from '../../../i18n/useText';

// The actions of /gstr-3b in the order they happen: Compute (from the books, in the background; the user's figures
// stay), Save (the user's changed figures: the form's submit button, so Enter in a figure saves too), Download JSON.
// Compute and Save need Gstr3bPrepare and are not shown without it, as the server refuses them. The GST portal's actions (Save to
// portal, Submit, Offset, File) are Gstr3bPortalActions.tsx.

export const FIGURES_FORM_ID = 'gstr3b-figures';

type Props = {
  detail: Gstr3bDetail;
  canPrepare: boolean;
  canEdit: boolean;
  changeCount: number;
  hasInvalid: boolean;
  isSaving: boolean;
  onComputed: (next: Gstr3bDetail) => void;
  onDiscard: () => void;
};

export const ComputeButton = ({ detail, onComputed }: Pick<Props, 'detail' | 'onComputed'>) => {
  const t = useText();
  const [isBusy, setBusy] = useState(false);
  const compute = async () => {
    setBusy(true);
    try {
      onComputed(await computeGstr3b({ entityId: detail.entityId, returnPeriod: detail.returnPeriod, frequency: detail.frequency }));
    } catch {
      // The client's toast shows the API's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant={isComputed(detail) ? 'default' : 'filled'}
      leftSection={<IconCalculator size={14} />}
      loading={isBusy || isComputing(detail)}
      onClick={() => void compute()}
      data-testid="action-compute"
    >
      {isComputed(detail) ? t('gstr3b.recompute') : t('gstr3b.compute')}
    </Button>
  );
};

export const Gstr3bActions = ({ detail, canPrepare, canEdit, changeCount, hasInvalid, isSaving, onComputed, onDiscard }: Props) => {
  const t = useText();
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const key = { entityId: detail.entityId, returnPeriod: detail.returnPeriod };
      downloadBlob(await downloadGstr3bJson(key), `GSTR3B_${detail.gstin}_${detail.returnPeriod}.json`);
    } catch {
      // The client's toast shows the API's message.
    } finally {
      setDownloading(false);
    }
  };
  const hasFigures = isComputed(detail);
  return (
    <Group gap="xs" data-testid="gstr3b-actions">
      {/* A return never computed offers Compute in its empty state instead; a submitted one keeps the portal's figures. */}
      {canPrepare && hasFigures && !isAtPortal(detail) ? <ComputeButton detail={detail} onComputed={onComputed} /> : null}
      {canEdit ? (
        <>
          <Button
            size="xs"
            type="submit"
            form={FIGURES_FORM_ID}
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={changeCount === 0 || hasInvalid}
            loading={isSaving}
            data-testid="action-save"
          >
            {t('gstr3b.save')}
          </Button>
          {changeCount > 0 || hasInvalid ? (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              onClick={onDiscard}
              data-testid="action-discard"
            >
              {t('gstr3b.discard')}
            </Button>
          ) : null}
          <Text size="xs" c={changeCount > 0 ? undefined : 'dimmed'} data-testid="change-count">
            {changeCount > 0 ? t('gstr3b.changes', { n: changeCount }) : t('gstr3b.noChanges')}
          </Text>
        </>
      ) : null}
      {hasFigures ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={isDownloading}
          onClick={() => void download()}
          data-testid="action-download"
          ml={canEdit ? 'auto' : undefined}
        >
          {t('gstr3b.download')}
        </Button>
      ) : null}
    </Group>
  );
};
