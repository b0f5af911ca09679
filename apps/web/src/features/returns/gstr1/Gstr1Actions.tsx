import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconDownload, IconFileCheck, IconRefresh, IconSend } from '@tabler/icons-react';
import { RETURN_TYPE_LABELS, type PortalSession, type ReturnDetail } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { downloadBlob } from '../../../shared/ExportButton';
import { splitApiErrors } from '../../../shared/forms';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { useRights } from '../../../shared/useRights';
import { SandboxNotice } from '../PortalSessionCard';
import { gstr1ActionState, jsonFileName, type Gstr1Action } from '../returnRules';
import { downloadReturnJson, fileReturn, generateReturn, requestFileOtp, saveReturn, submitReturn } from '../returnsApi';

// The actions of a return in the order they happen (UI.md "A return"): Generate, Download JSON, Save to portal,
// Submit, File with OTP. Each is behind its right and, when it cannot run, disabled with the reason in a tooltip.
// Submit and File are irreversible at the portal, so both ask first.

/** A disabled button gets no pointer events and no focus, so the tooltip sits on a wrapper keyboard users can tab to. */
const Why = ({ reason, children }: { reason: TextKey | null; children: ReactNode }) => {
  const t = useText();
  if (!reason) return <>{children}</>;
  return (
    <Tooltip label={t(reason)} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span data-why={reason} tabIndex={0}>
        {children}
      </span>
    </Tooltip>
  );
};

const FileModal = ({
  detail,
  session,
  opened,
  onClose,
  onFiled,
}: {
  detail: ReturnDetail;
  session: PortalSession | undefined;
  opened: boolean;
  onClose: () => void;
  onFiled: (next: ReturnDetail) => void;
}) => {
  const t = useText();
  const [isSent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const close = () => {
    setSent(false);
    setOtp('');
    setRefusal([]);
    onClose();
  };
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setRefusal([]);
    try {
      await call();
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  const id = detail.id ?? 0;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={600}>{t('returns.file.title', { type: RETURN_TYPE_LABELS[detail.returnType] })}</Text>}
      size="md"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!isSent)
            return void run(async () => {
              await requestFileOtp(id);
              setSent(true);
            });
          void run(async () => {
            const filed = await fileReturn(id, otp);
            close();
            onFiled(filed);
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('returns.file.message', { type: RETURN_TYPE_LABELS[detail.returnType], gstin: detail.gstin })}</Text>
          {session?.sandbox ? <SandboxNotice /> : null}
          {isSent ? (
            <TextInput
              size="sm"
              w={160}
              label={t('returns.file.otp')}
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              data-autofocus
              data-testid="file-otp"
            />
          ) : null}
          <RefusalAlert messages={refusal} testId="file-refusal" />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            {isSent ? (
              <Button size="xs" color="green" type="submit" loading={isBusy} disabled={otp.length !== 6} data-testid="file-confirm">
                {t('returns.file.confirm', { type: RETURN_TYPE_LABELS[detail.returnType] })}
              </Button>
            ) : (
              <Button size="xs" type="submit" loading={isBusy} data-testid="file-send-otp">
                {t('returns.file.sendOtp')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

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
      <FileModal
        detail={detail}
        session={session}
        opened={isFileOpen}
        onClose={() => setFileOpen(false)}
        onFiled={(filed) => {
          onChanged(filed);
          notifySuccess(t('returns.file.done', { type: label, arn: filed.arn ?? '' }));
        }}
      />
    </Group>
  );
};
