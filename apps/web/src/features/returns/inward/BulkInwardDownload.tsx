import { useCallback, useState } from 'react';
import { Button, Stack, Tooltip } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import type { InwardBulkProgress } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { notifySuccess } from '../../../shared/notifySuccess';
import { useRights } from '../../../shared/useRights';
import { BulkInwardForm, type BulkInwardDefaults } from './BulkInwardForm';
import { BulkProgress } from './BulkProgress';
import { readStoredRun, storeRun } from './inwardRules';

// GSTR-2A/2B for many GSTINs and periods in one background job (issue 18): a button opening the request, then the
// progress of the run where the button is. The run this browser tab started last stays in view across screens (its
// ids in sessionStorage) until it is closed. Starting needs Gstr1File or Gstr2aReconciliation, as a single download.

export type BulkInwardDownloadProps = BulkInwardDefaults & {
  /** Called once when a run ends, with its outcome (to reload what shows the downloaded data). */
  onFinished?: (progress: InwardBulkProgress) => void;
};

export const BulkInwardDownload = ({ onFinished, ...defaults }: BulkInwardDownloadProps) => {
  const t = useText();
  const rights = useRights(['Gstr1File', 'Gstr2aReconciliation']);
  const canStart = rights.Gstr1File || rights.Gstr2aReconciliation;
  const [opened, setOpened] = useState(false);
  const [activityIds, setActivityIds] = useState<number[] | null>(readStoredRun);
  const remember = useCallback((ids: number[] | null) => {
    storeRun(ids);
    setActivityIds(ids);
  }, []);
  const forget = useCallback(() => remember(null), [remember]);
  const started = (progress: InwardBulkProgress) => {
    remember(progress.activityIds);
    setOpened(false);
    notifySuccess(t('returns.inward.bulk.started', { n: formatCount(progress.total) }));
  };
  return (
    <Stack gap="xs" data-testid="inward-bulk">
      <Tooltip label={t('right.noAccess')} disabled={canStart} multiline w={260} withArrow>
        <span style={{ alignSelf: 'flex-start' }}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCloudDownload size={14} />}
            disabled={!canStart}
            onClick={() => setOpened(true)}
            data-testid="inward-bulk-open"
          >
            {t('returns.inward.bulk.open')}
          </Button>
        </span>
      </Tooltip>
      {activityIds ? (
        <BulkProgress key={activityIds.join(',')} activityIds={activityIds} onFinished={onFinished} onDismiss={forget} onGone={forget} />
      ) : null}
      {opened ? <BulkInwardForm opened onClose={() => setOpened(false)} onStarted={started} {...defaults} /> : null}
    </Stack>
  );
};
