import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AuthResponse } from '@opengst/contracts';
import { regenerateOtp, validateOtp } from '../../api/authApi';
import { ApiError } from '../../api/http';
import { useText } from '../../i18n/useText';
import { NO_ERRORS, splitAuthErrors, type FormErrors } from './authErrors';
import { FormMessages } from './FormMessages';

const OTP_LENGTH = 6;

/** Too many wrong OTPs on the account (issue 16): the server's message says until when; nothing here can be checked. */
const isOtpLock = (error: unknown): boolean => error instanceof ApiError && error.hasCode('AUTH0019');

type Props = {
  publicToken: string;
  resendsLeft: number | undefined;
  sentTo: string | undefined;
  testIdPrefix: 'login' | 'forgot';
  onVerified: (response: AuthResponse) => void;
  onBack: () => void;
};

/** The one-time-password step of sign-in and of forgot password: a 6-character code, resend, verify, back. */
export const OtpStep = ({ publicToken, resendsLeft: initialResends, sentTo, testIdPrefix, onVerified, onBack }: Props) => {
  const t = useText();
  const [otp, setOtp] = useState('');
  const [resendsLeft, setResendsLeft] = useState(initialResends);
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const [isEmptySubmit, setEmptySubmit] = useState(false);
  const [isLocked, setLocked] = useState(false);

  const fail = (error: unknown) => {
    setErrors(splitAuthErrors(error));
    if (isOtpLock(error)) setLocked(true);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (otp.trim() === '') {
      setEmptySubmit(true);
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onVerified(await validateOtp(otp.trim(), publicToken));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setErrors(NO_ERRORS);
    try {
      const answer = await regenerateOtp(publicToken);
      setResendsLeft(answer.resendsLeft);
      setNotice(answer.message);
      setOtp('');
    } catch (error) {
      fail(error);
    }
  };

  const otpError = errors.fields.Otp ?? (isEmptySubmit && otp.trim() === '');
  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('otp.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {sentTo ? t('otp.sentTo', { sentTo }) : t('otp.sent')}
          </Text>
        </div>
        {notice ? (
          <Text size="sm" c="indigo.8" role="status">
            {notice}
          </Text>
        ) : null}
        <FormMessages messages={errors.general} />
        {isLocked ? (
          <Text size="sm" data-testid={`${testIdPrefix}-otp-locked`}>
            {t('otp.locked')}
          </Text>
        ) : null}
        <TextInput
          label={t('otp.label')}
          value={otp}
          onChange={(event) => setOtp(event.currentTarget.value.slice(0, OTP_LENGTH))}
          maxLength={OTP_LENGTH}
          autoComplete="one-time-code"
          autoFocus
          required
          disabled={isLocked}
          error={otpError}
          data-testid={`${testIdPrefix}-otp`}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Button type="submit" loading={isBusy} disabled={isLocked} fullWidth data-testid={`${testIdPrefix}-otp-verify`}>
          {t('otp.verify')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack} data-testid={`${testIdPrefix}-back`}>
            {t('otp.back')}
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void resend()}
            disabled={resendsLeft === 0 || isLocked}
            data-testid={`${testIdPrefix}-otp-resend`}
          >
            {resendsLeft === 0
              ? t('otp.noResends')
              : resendsLeft === undefined
                ? t('otp.resendPlain')
                : t('otp.resend', { n: resendsLeft })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
