import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useText, type TextKey } from '../../i18n/useText';
import { splitApiErrors } from '../../shared/forms';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { SandboxNotice } from './PortalSessionCard';

// What the portal actions of every return share (GSTR-1, GSTR-3B): the reason a disabled action cannot run, and filing
// with EVC: the one-time password sent to the authorised signatory, then the filing it signs.

/** A disabled button takes no pointer events or focus: the tooltip sits on a wrapper keyboard users can tab to. */
export const Why = ({ reason, children }: { reason: TextKey | null; children: ReactNode }) => {
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

type Props<T> = {
  /** The form's name as the portal writes it: GSTR-1, GSTR-3B ... */
  form: string;
  gstin: string;
  /** The project's sandbox, not the GST portal: its notice (the OTP to enter) is shown. */
  sandbox: boolean;
  opened: boolean;
  onClose: () => void;
  requestOtp: () => Promise<unknown>;
  file: (otp: string) => Promise<T>;
  onFiled: (filed: T) => void;
};

export const FileWithEvcModal = <T,>({ form, gstin, sandbox, opened, onClose, requestOtp, file, onFiled }: Props<T>) => {
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
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{t('returns.file.title', { type: form })}</Text>} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!isSent)
            return void run(async () => {
              await requestOtp();
              setSent(true);
            });
          void run(async () => {
            const filed = await file(otp);
            close();
            onFiled(filed);
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('returns.file.message', { type: form, gstin })}</Text>
          {sandbox ? <SandboxNotice /> : null}
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
                {t('returns.file.confirm', { type: form })}
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
