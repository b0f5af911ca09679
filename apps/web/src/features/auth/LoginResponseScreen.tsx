import { useEffect } from 'react';
import { Alert, Anchor, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { writeAuthToken } from '../../api/storage';
import { useText } from '../../i18n/useText';
import { decodeLoginResponse, errorMessagesOf, tokenOf } from './loginResponse';

/** Spec core §2: on status 200 the token is stored and the user continues; other codes show the decoded error. */
export const LoginResponseScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const status = Number(searchParams.get('status'));
  const decoded = decodeLoginResponse(searchParams.get('response') ?? '');
  const token = status === 200 ? tokenOf(decoded) : null;

  useEffect(() => {
    if (!token) return;
    writeAuthToken(token);
    void navigate('/redirect', { replace: true });
  }, [token, navigate]);

  if (token) {
    return (
      <Center>
        <Loader size="sm" mr="xs" />
        <Text size="sm">{t('loginResponse.continue')}</Text>
      </Center>
    );
  }
  const messages = errorMessagesOf(decoded);
  return (
    <Box w="100%" maw={380}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('loginResponse.failed')}
        </Title>
        <Alert color="red" variant="light" role="alert">
          {messages.length > 0 ? messages.map((message) => <div key={message}>{message}</div>) : `HTTP ${status || '?'}`}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          {t('common.goToLogin')}
        </Anchor>
      </Stack>
    </Box>
  );
};
