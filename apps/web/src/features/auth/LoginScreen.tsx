import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Divider, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '@opengst/contracts';
import { authenticate } from '../../api/authApi';
import { ApiError } from '../../api/http';
import { preLoadSettingsQuery } from '../../api/sessionData';
import { sessionEndedMessage, writeAuthToken } from '../../api/storage';
import { useText } from '../../i18n/useText';
import { REDIRECT_QUERY } from '../../shared/redirectQuery';
import { NO_ERRORS, splitAuthErrors, type FormErrors } from './authErrors';
import { CaptchaStatusLine } from './CaptchaStatusLine';
import { FormMessages } from './FormMessages';
import { OtpStep } from './OtpStep';
import { SecretInput } from './SecretInput';
import { UserNameInput } from './UserNameInput';
import { SsoButton } from './SsoButton';
import { useCaptcha } from './useCaptcha';
import type { ChangePasswordState } from './ResetPasswordScreen';

type TwoFactor = { token: string; resendsLeft: number | undefined; sentTo: string | undefined };

export const LoginScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: metadata, isError: isMetadataMissing } = useQuery(preLoadSettingsQuery);
  const captcha = useCaptcha(metadata?.siteKey ?? '', metadata?.isEnabled ?? false);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const [isEmptySubmit, setEmptySubmit] = useState(false);
  const [twoFactor, setTwoFactor] = useState<TwoFactor | null>(null);
  const [isSignedInElsewhere, setSignedInElsewhere] = useState(false);

  const redirectRoute = searchParams.get(REDIRECT_QUERY);
  // Why the server ended the last session: the toast goes, this stays until the user signs in again.
  const [sessionEnded] = useState(sessionEndedMessage);

  /** Spec core §4 "Login flow": success goes to the redirect page; two-factor shows the OTP step; an expired password goes to change password. */
  const continueWith = (response: AuthResponse) => {
    switch (response.type) {
      case 'Success':
        writeAuthToken(response.token);
        void navigate(redirectRoute ? `/redirect?${REDIRECT_QUERY}=${encodeURIComponent(redirectRoute)}` : '/redirect', { replace: true });
        return;
      case 'TwoFactor':
        setTwoFactor({ token: response.token, resendsLeft: response.parameters.resendsLeft, sentTo: response.parameters.sentTo });
        return;
      case 'ResetPassword': {
        const state: ChangePasswordState = {
          token: response.token,
          isExpired: response.parameters.isPasswordExpired ?? true,
          from: 'login',
        };
        void navigate('/login-change-password', { state });
        return;
      }
    }
  };

  const signIn = async (forceRefresh: boolean) => {
    setEmptySubmit(true);
    if (userName.trim() === '' || password === '' || !captcha.isReady) return;
    setBusy(true);
    setErrors(NO_ERRORS);
    setSignedInElsewhere(false);
    try {
      continueWith(await authenticate(userName.trim(), password, captcha.takeProof(), forceRefresh));
    } catch (error) {
      setErrors(splitAuthErrors(error));
      // Single session: the user may end the other session and continue here.
      setSignedInElsewhere(error instanceof ApiError && error.hasCode('AUTH0018'));
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn(false);
  };

  const backToLogin = () => {
    setTwoFactor(null);
    setPassword('');
    setEmptySubmit(false);
    captcha.renew();
  };

  return (
    <Box w="100%" maw={380}>
      {twoFactor ? (
        <OtpStep
          publicToken={twoFactor.token}
          resendsLeft={twoFactor.resendsLeft}
          sentTo={twoFactor.sentTo}
          testIdPrefix="login"
          onVerified={continueWith}
          onBack={backToLogin}
        />
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="login-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="login-heading">
              {t('login.heading')}
            </Title>
            {isMetadataMissing ? (
              <Alert color="yellow" variant="light" p="xs" role="status">
                {t('login.metadataFailed')}
              </Alert>
            ) : null}
            {sessionEnded ? (
              <Alert color="orange" variant="light" p="xs" role="status" data-testid="login-session-ended">
                {sessionEnded}
              </Alert>
            ) : null}
            <FormMessages messages={errors.general} />
            <UserNameInput value={userName} onChange={setUserName} errors={errors} isEmptySubmit={isEmptySubmit} testId="login-username" />
            <SecretInput
              label={t('login.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              required
              error={errors.fields.Password ?? (isEmptySubmit && password === '')}
              data-testid="login-password"
            />
            {metadata && !metadata.hideForgetPassword ? (
              <Group justify="flex-end" mt={-8}>
                <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-link">
                  {t('login.forgotPassword')}
                </Anchor>
              </Group>
            ) : null}
            <CaptchaStatusLine captcha={captcha} />
            <Button type="submit" loading={isBusy} disabled={!captcha.isReady} fullWidth data-testid="login-submit">
              {t('login.submit')}
            </Button>
            {isSignedInElsewhere ? (
              <Button
                variant="light"
                color="orange"
                disabled={isBusy || !captcha.isReady}
                onClick={() => void signIn(true)}
                fullWidth
                data-testid="login-force"
              >
                {t('login.forceRefresh')}
              </Button>
            ) : null}
            {metadata?.ssoEnabled ? (
              <>
                <Divider label="or" labelPosition="center" />
                <SsoButton userName={userName} />
              </>
            ) : null}
          </Stack>
        </form>
      )}
    </Box>
  );
};
