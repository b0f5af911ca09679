import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IRP_PORTAL_ENDPOINTS, type IrpLoadSettings, type IrpRegisteredClient } from '@opengst/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import { useText } from '../../i18n/useText';
import { formatDateTime } from '../../shared/format';
import { IrpPortalLayout } from './IrpPortalLayout';
import { irpKeys, irpOptions, readIrpToken } from './irpSession';

const Registration = ({ settings }: { settings: IrpLoadSettings }) => {
  const t = useText();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<IrpRegisteredClient | null>(null);
  const clients = useQuery({
    queryKey: irpKeys.clients(readIrpToken()),
    queryFn: () => call(IRP_PORTAL_ENDPOINTS.clients, undefined, irpOptions()),
  });
  const refresh = () => client.invalidateQueries({ queryKey: irpKeys.clients(readIrpToken()) });
  const register = useMutation({
    mutationFn: () => call(IRP_PORTAL_ENDPOINTS.registerClient, { body: { name } }, { ...irpOptions(), silent: true }),
    onSuccess: async (registered) => {
      setShown(registered);
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (clientId: string) => call(IRP_PORTAL_ENDPOINTS.revokeClient, { body: { clientId } }, irpOptions()),
    onSuccess: refresh,
  });
  const items = clients.data ?? [];

  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={2} size="h5">
          {t('irpPortal.clients.title')} {settings.gstin}
        </Title>
        <Text size="sm" c="dimmed">
          {t('irpPortal.clients.help')}
        </Text>
      </div>
      <Group
        align="flex-end"
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          register.mutate();
        }}
      >
        <TextInput
          label={t('irpPortal.clients.name')}
          required
          minLength={3}
          maxLength={100}
          w={320}
          size="sm"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="irp-client-name"
        />
        <Button type="submit" size="sm" loading={register.isPending} disabled={name.trim().length < 3} data-testid="irp-client-register">
          {t('irpPortal.clients.register')}
        </Button>
      </Group>
      {register.error && (
        <Alert color="red" variant="light" role="alert">
          {register.error instanceof ApiError ? register.error.message : String(register.error)}
        </Alert>
      )}
      {clients.isSuccess && items.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('irpPortal.clients.empty')}
        </Alert>
      ) : (
        <Table striped fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('irpPortal.clients.name')}</Table.Th>
              <Table.Th>{t('irpPortal.clients.clientId')}</Table.Th>
              <Table.Th>{t('irpPortal.clients.created')}</Table.Th>
              <Table.Th>{t('irpPortal.einvoices.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.clientId} data-testid={`irp-client-${c.clientId}`}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td ff="monospace">{c.clientId}</Table.Td>
                <Table.Td>{formatDateTime(c.createdAt)}</Table.Td>
                <Table.Td>
                  {c.revokedAt ? (
                    <Badge variant="light" color="gray">
                      {t('irpPortal.clients.revoked')} {formatDateTime(c.revokedAt)}
                    </Badge>
                  ) : (
                    <Badge variant="light" color="green">
                      {t('irpPortal.clients.active')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {!c.revokedAt && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={revoke.isPending && revoke.variables === c.clientId}
                      onClick={() => revoke.mutate(c.clientId)}
                      data-testid={`irp-client-revoke-${c.clientId}`}
                    >
                      {t('irpPortal.clients.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {shown && (
        <Modal opened onClose={() => setShown(null)} title={shown.name} size="lg" closeOnClickOutside={false}>
          <Stack gap="sm">
            <Alert color="yellow" variant="light">
              {t('irpPortal.clients.secretOnce')}
            </Alert>
            <Text size="sm" fw={500}>
              {t('irpPortal.clients.clientId')}
            </Text>
            <Code block data-testid="irp-shown-client-id">
              {shown.clientId}
            </Code>
            <Text size="sm" fw={500}>
              {t('irpPortal.clients.clientSecret')}
            </Text>
            <Code block data-testid="irp-shown-client-secret">
              {shown.clientSecret}
            </Code>
            <Group justify="flex-end">
              <Button onClick={() => setShown(null)}>{t('irpPortal.clients.done')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
};

/** /irp-portal/api-registration: the client systems (ERPs) of the GSTIN: register one (its secret shown once), revoke. */
export const IrpApiRegistrationScreen = () => <IrpPortalLayout>{(settings) => <Registration settings={settings} />}</IrpPortalLayout>;
