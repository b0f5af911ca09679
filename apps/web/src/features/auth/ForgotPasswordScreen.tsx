import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { IconMailForward } from '@tabler/icons-react';
import type { AuthResponse } from '@opengst/contracts';
import { requestPasswordReset } from '../../api/authApi';
import { preLoadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { NO_ERRORS, splitAuthErrors, type FormErrors } from './authErrors';
import { CaptchaStatusLine } from './CaptchaStatusLine';
import { FormMessages } from './FormMessages';
import { OtpStep } from './OtpStep';
import type { ChangePasswordState } from './ResetPasswordScreen';
import { useCaptcha } from './useCaptcha';
import { UserNameInput } from './UserNameInput';

type Mode = 'link' | 'otp';
type Outcome = { kind: 'checkEmail'; message: string } | { kind: 'otp'; token: string; attemptsLeft: number | undefined };

/** Spec core §2 "Forgot-password screen": reset by e-mailed link or by OTP. */
export const ForgotPasswordScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const { data: metadata } = useQuery(preLoadSettingsQuery);
  const captcha = useCaptcha(metadata?.siteKey ?? '', metadata?.isEnabled ?? false);
  const [mode, setMode] = useState<Mode>('link');
  const [userName, setUserName] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const [isEmptySubmit, setEmptySubmit] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEmptySubmit(true);
    if (userName.trim() === '' || !captcha.isReady) return;
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const answer = await requestPasswordReset(userName.trim(), mode === 'otp', captcha.takeProof());
      // Spec core §8: a null token shows the server message with the link-sent state.
      if (mode === 'otp' && answer.token && answer.attemptsLeft !== undefined) {
        setOutcome({ kind: 'otp', token: answer.token, attemptsLeft: answer.attemptsLeft });
      } else {
        setOutcome({ kind: 'checkEmail', message: answer.message });
      }
    } catch (error) {
      setErrors(splitAuthErrors(error));
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  const onVerified = (response: AuthResponse) => {
    const state: ChangePasswordState = { token: response.token, isExpired: false, from: 'forgot' };
    void navigate('/reset-password', { state });
  };

  const startAgain = () => {
    setOutcome(null);
    setEmptySubmit(false);
    captcha.renew();
  };

  if (outcome?.kind === 'otp') {
    return (
      <Box w="100%" maw={380}>
        <OtpStep
          publicToken={outcome.token}
          resendsLeft={outcome.attemptsLeft}
          sentTo={undefined}
          testIdPrefix="forgot"
          onVerified={onVerified}
          onBack={startAgain}
        />
      </Box>
    );
  }

  return (
    <Box w="100%" maw={380}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('forgot.heading')}
          </Title>
          {outcome ? null : (
            <Text size="sm" c="dimmed">
              {t('forgot.intro')}
            </Text>
          )}
        </div>
        {outcome?.kind === 'checkEmail' ? (
          <Alert
            color="indigo"
            variant="light"
            icon={<IconMailForward size={18} />}
            title={t('forgot.checkEmail')}
            data-testid="forgot-check-email"
            role="status"
          >
            {outcome.message}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <FormMessages messages={errors.general} />
              <UserNameInput
                value={userName}
                onChange={setUserName}
                errors={errors}
                isEmptySubmit={isEmptySubmit}
                testId="forgot-username"
              />
              <Radio.Group label={t('forgot.mode')} value={mode} onChange={(value) => setMode(value as Mode)}>
                <Stack gap={6} mt={6}>
                  <Radio value="link" label={t('forgot.modeLink')} data-testid="forgot-mode-link" />
                  <Radio value="otp" label={t('forgot.modeOtp')} data-testid="forgot-mode-otp" />
                </Stack>
              </Radio.Group>
              <CaptchaStatusLine captcha={captcha} />
              <Button type="submit" loading={isBusy} disabled={!captcha.isReady} fullWidth data-testid="forgot-submit">
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </Box>
  );
};
