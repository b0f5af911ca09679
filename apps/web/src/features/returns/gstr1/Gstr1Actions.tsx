import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCloudUpload, IconDownload, IconFileCheck, IconRefresh, IconSend } from '@tabler/icons-react';
import { RETURN_TYPE_LABELS, type PortalSession, type ReturnDetail } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { downloadBlob } from '../../../shared/ExportButton';
import { notifySuccess } from '../../../shared/notifySuccess';
import { useRights } from '../../../shared/useRights';
import { FileWithEvcModal, Why } from '../FileWithEvc';
import { gstr1ActionState, jsonFileName, type Gstr1Action } from '../returnRules';
import { downloadReturnJson, fileReturn, generateReturn, requestFileOtp, saveReturn, submitReturn } from '../returnsApi';

// The actions of a return in the order they happen (UI.md "A return"): Generate, Download JSON, Save to portal,
// Submit, File with OTP. Each is behind its right and, when it cannot run, disabled with the reason in a tooltip.
// Submit and File are irreversible at the portal, so both ask first.

type Props = { detail: ReturnDetail; session: PortalSession | undefined; onChanged: (next: ReturnDetail) => void };

export const Gstr1Actions = ({ detail, session, onChanged }: Props) => {
  const t = useText();
  const rights = useRights(['Gstr1Prepare', 'Gstr1File', 'ReturnsView']);
  const why = gstr1ActionState(detail, session, rights);
  const [busy, setBusy] = useState<Gstr1Action | null>(null);
  const [isFileOpen, setFileOpen] = useState(false);
  const label = RETURN_TYPE_LABELS[detail.returnType];
  const run = async (action: Gstr1Action, call: () => Promise<void>) => {
    setBusy(action);
    try {
      await call();
    } catch {
      // The client's toast shows the API's message.
    } finally {
      setBusy(null);
    }
  };
  const id = detail.id ?? 0;
  return (
    <Group gap="xs" data-testid="return-actions">
      <Why reason={why.generate}>
        <Button
          size="xs"
          variant={detail.id === null || detail.stale ? 'filled' : 'default'}
          leftSection={<IconRefresh size={14} />}
          disabled={why.generate !== null}
          loading={busy === 'generate'}
          onClick={() =>
            void run('generate', async () =>
              onChanged(
                await generateReturn({ entityId: detail.entityId, returnType: detail.returnType, returnPeriod: detail.returnPeriod }),
              ),
            )
          }
          data-testid="action-generate"
        >
          {detail.id === null ? t('returns.action.generate') : t('returns.action.regenerate')}
        </Button>
      </Why>
      <Why reason={why.download}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          disabled={why.download !== null}
          loading={busy === 'download'}
          onClick={() => void run('download', async () => downloadBlob(await downloadReturnJson(id), jsonFileName(detail)))}
          data-testid="action-download"
        >
          {t('returns.action.download')}
        </Button>
      </Why>
      <Why reason={why.save}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCloudUpload size={14} />}
          disabled={why.save !== null}
          loading={busy === 'save'}
          onClick={() => void run('save', async () => onChanged(await saveReturn(id)))}
          data-testid="action-save"
        >
          {t('returns.action.save')}
        </Button>
      </Why>
      <Why reason={why.submit}>
        <ConfirmAction
          label={
            <Group gap={6} wrap="nowrap">
              <IconSend size={14} />
              {t('returns.action.submit')}
            </Group>
          }
          title={t('returns.submit.title', { type: label })}
          message={t('returns.submit.message', { type: label, gstin: detail.gstin })}
          confirmLabel={t('returns.submit.confirm')}
          onConfirm={async () => onChanged(await submitReturn(id))}
          onDone={() => notifySuccess(t('returns.submit.done', { type: label }))}
          disabled={why.submit !== null}
          testId="action-submit"
        />
      </Why>
      <Why reason={why.file}>
        <Button
          size="xs"
          color="green"
          leftSection={<IconFileCheck size={14} />}
          disabled={why.file !== null}
          onClick={() => setFileOpen(true)}
          data-testid="action-file"
        >
          {t('returns.action.file')}
        </Button>
      </Why>
      <FileWithEvcModal
        form={label}
        gstin={detail.gstin}
        sandbox={session?.sandbox ?? false}
        opened={isFileOpen}
        onClose={() => setFileOpen(false)}
        requestOtp={() => requestFileOtp(detail.id ?? 0)}
        file={(otp) => fileReturn(detail.id ?? 0, otp)}
        onFiled={(filed) => {
          onChanged(filed);
          notifySuccess(t('returns.file.done', { type: label, arn: filed.arn ?? '' }));
        }}
      />
    </Group>
  );
};
