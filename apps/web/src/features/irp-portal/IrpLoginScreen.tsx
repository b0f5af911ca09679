import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Center, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { HEADERS, IRP_PORTAL_ENDPOINTS } from '@opengst/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import { useText } from '../../i18n/useText';
import { writeIrpToken } from './irpSession';

/** AES-256-CBC of the password with the one-time key and iv of public/irp/encryptor/get (as the product's login). */
const encrypt = async (plain: string, keyBase64: string, ivBase64: string): Promise<string> => {
  const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', bytes(keyBase64), { name: 'AES-CBC' }, false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: bytes(ivBase64) }, key, new TextEncoder().encode(plain));
  return btoa(String.fromCharCode(...new Uint8Array(sealed)));
};

type Field = 'gstin' | 'userName' | 'password';

/** /irp-portal/login: the e-invoicing portal's own sign-in of a GSTIN's e-invoice user, its fields from the login metadata. */
export const IrpLoginScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const metadata = useQuery({ queryKey: ['irp-portal', 'loginMetadata'], queryFn: () => call(IRP_PORTAL_ENDPOINTS.loginMetadata) });
  const [values, setValues] = useState<Record<Field, string>>({ gstin: '', userName: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const key = await call(IRP_PORTAL_ENDPOINTS.encryptor);
      const password = await encrypt(values.password, key.key, key.iv);
      const session = await call(
        IRP_PORTAL_ENDPOINTS.login,
        { body: { gstin: values.gstin, userName: values.userName, password } },
        { headers: { [HEADERS.encId]: key.identifier }, silent: true },
      );
      writeIrpToken(session.token);
      void navigate('/irp-portal', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!metadata.data) {
    return (
      <Center h="60vh">
        {metadata.isError ? <Alert color="red">{t('login.metadataFailed')}</Alert> : <Loader size="sm" aria-label={t('irpPortal.title')} />}
      </Center>
    );
  }
  return (
    <Center mih="80vh" p="md">
      <Box w="100%" maw={380} component="form" onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <div>
            <Title order={1} size="h3">
              {metadata.data.applicationTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {metadata.data.applicationSubTitle} · {metadata.data.environment}
            </Text>
          </div>
          {metadata.data.loginFields.map((field) =>
            field.type === 'password' ? (
              <PasswordInput
                key={field.name}
                label={field.label}
                required
                maxLength={field.maxLength}
                value={values[field.name]}
                onChange={(e) => setValues({ ...values, [field.name]: e.currentTarget.value })}
              />
            ) : (
              <TextInput
                key={field.name}
                label={field.label}
                required
                maxLength={field.maxLength}
                value={values[field.name]}
                onChange={(e) => setValues({ ...values, [field.name]: e.currentTarget.value })}
              />
            ),
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy}>
            {t('irpPortal.login.submit')}
          </Button>
        </Stack>
      </Box>
    </Center>
  );
};
