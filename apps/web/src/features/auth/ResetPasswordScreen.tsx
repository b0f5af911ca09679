import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { resetPassword, validateResetLink } from '../../api/authApi';
import { preLoadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { NO_ERRORS, splitAuthErrors, type FormErrors } from './authErrors';
import { CaptchaStatusLine } from './CaptchaStatusLine';
import { FormMessages } from './FormMessages';
import { SecretInput } from './SecretInput';
import { useCaptcha } from './useCaptcha';

/** Navigation state from Login (expired password) or Forgot password (verified OTP). */
export type ChangePasswordState = { token: string; isExpired: boolean; from: 'login' | 'forgot' };

type Phase = 'validating' | 'form' | 'done' | 'missing';

const readState = (value: unknown): ChangePasswordState | null =>
  typeof value === 'object' && value !== null && typeof (value as ChangePasswordState).token === 'string'
    ? (value as ChangePasswordState)
    : null;

/** /reset-password (from the mailed link or forgot password) and /login-change-password (expired password). */
export const ResetPasswordScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const isChange = location.pathname === '/login-change-password';
  const passed = readState(location.state);
  const request = searchParams.get('request');
  const { data: metadata } = useQuery(preLoadSettingsQuery);
  const captcha = useCaptcha(metadata?.siteKey ?? '', metadata?.isEnabled ?? false);

  const [token, setToken] = useState<string | null>(passed?.token ?? null);
  const [phase, setPhase] = useState<Phase>(passed ? 'form' : request ? 'validating' : 'missing');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [successMessage, setSuccessMessage] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [isEmptySubmit, setEmptySubmit] = useState(false);
  const hasValidated = useRef(false);

  useEffect(() => {
    if (passed || hasValidated.current) return;
    hasValidated.current = true;
    if (request) {
      // Spec core §4 "Reset flow": the link is validated first; an invalid link goes to UnauthorizedAccess.
      validateResetLink(request)
        .then((answer) => {
          setToken(answer.token);
          setPhase('form');
        })
        .catch(() => void navigate('/unauthorized-access', { replace: true }));
    } else if (!isChange) {
      void navigate('/unauthorized-access', { replace: true });
    }
  }, [passed, request, isChange, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEmptySubmit(true);
    if (!token || password === '' || confirmPassword === '' || !captcha.isReady) return;
    if (password !== confirmPassword) {
      setErrors({ fields: { ConfirmPassword: t('reset.mismatch') }, general: [] });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const answer = await resetPassword(password, confirmPassword, token, captcha.takeProof());
      setSuccessMessage(answer.message || t('reset.success'));
      setPhase('done');
    } catch (error) {
      setErrors(splitAuthErrors(error));
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  const heading = isChange ? t('reset.headingChange') : t('reset.headingReset');
  return (
    <Box w="100%" maw={380}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {heading}
        </Title>
        {phase === 'validating' ? (
          <Center py="md">
            <Loader size="sm" mr="xs" />
            <Text size="sm">{t('reset.validating')}</Text>
          </Center>
        ) : null}
        {phase === 'missing' ? (
          <>
            <Text size="sm">{t('reset.noToken')}</Text>
            <Anchor component={Link} to="/login" size="sm">
              {t('common.goToLogin')}
            </Anchor>
          </>
        ) : null}
        {phase === 'done' ? (
          <Alert color="green" variant="light" icon={<IconCircleCheckFilled size={18} />} data-testid="reset-success" role="status">
            <Text size="sm" fw={600}>
              {successMessage}
            </Text>
            <Anchor component={Link} to="/login" size="sm">
              {t('reset.loginAgain')}
            </Anchor>
          </Alert>
        ) : null}
        {phase === 'form' ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {isChange && passed?.isExpired ? (
                <Alert color="yellow" variant="light" p="xs">
                  {t('reset.expired')}
                </Alert>
              ) : null}
              <FormMessages messages={errors.general} />
              <SecretInput
                label={t('reset.newPassword')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                autoComplete="new-password"
                autoFocus
                required
                error={errors.fields.Password ?? (isEmptySubmit && password === '')}
                data-testid="reset-password"
              />
              <SecretInput
                label={t('reset.confirmPassword')}
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.currentTarget.value)}
                autoComplete="new-password"
                required
                error={errors.fields.ConfirmPassword ?? (isEmptySubmit && confirmPassword === '')}
                data-testid="reset-confirm"
              />
              <CaptchaStatusLine captcha={captcha} />
              <Button type="submit" loading={isBusy} disabled={!captcha.isReady} fullWidth data-testid="reset-submit">
                {isChange ? t('reset.buttonChange') : t('reset.buttonReset')}
              </Button>
              <Anchor component={Link} to="/login" size="sm" ta="center">
                {t('forgot.backToLogin')}
              </Anchor>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Box>
  );
};
