import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Loader, Modal, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { GeneratedApiKey } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { formatDateTime } from '../../shared/format';
import { splitApiErrors } from '../../shared/forms';
import { organizationKeys } from './organizationKeys';
import { apiAccessQuery, generateApiKey, revokeApiKey, setApiAccess } from './usersApi';

// API access of a user: a generated secret is shown once, here, and never again (the server keeps only its hash).

const SecretModal = ({ secret, onClose }: { secret: GeneratedApiKey | null; onClose: () => void }) => {
  const t = useText();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={<Text fw={600}>{t('apiAccess.secretTitle')}</Text>}
      size="lg"
      closeOnClickOutside={false}
    >
      {secret ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" role="alert">
            {t('apiAccess.shownOnce')}
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              size="sm"
              readOnly
              value={secret.secret}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              aria-label={t('apiAccess.secret')}
              data-testid="api-secret"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={secret.secret}>
              {({ copied, copy }) => (
                <Button
                  size="sm"
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : 'indigo'}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? t('apiAccess.copied') : t('apiAccess.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('apiAccess.usage')}
          </Text>
          <Group justify="flex-end">
            <Button size="sm" variant="default" onClick={onClose} data-testid="api-secret-close">
              {t('apiAccess.stored')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
};

export const ApiAccessPanel = ({ userId }: { userId: number }) => {
  const t = useText();
  const client = useQueryClient();
  const { data: access, isPending } = useQuery(apiAccessQuery(userId));
  const [secret, setSecret] = useState<GeneratedApiKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: organizationKeys.apiAccess(userId) });
  const run = async (action: () => Promise<unknown>) => {
    try {
      setProblem(null);
      await action();
    } catch (error) {
      setProblem(splitApiErrors(error, []).general.join(' '));
    } finally {
      refresh();
    }
  };
  if (isPending) return <Loader size="sm" />;
  const live = access?.keys.filter((key) => key.revokedAt === null) ?? [];
  return (
    <Stack gap="xs" data-testid="api-access">
      <Group justify="space-between">
        <Title order={6}>{t('apiAccess.title')}</Title>
        <Switch
          size="sm"
          label={t('apiAccess.enabled')}
          checked={access?.isEnabled ?? false}
          onChange={(e) => void run(() => setApiAccess(userId, e.currentTarget.checked))}
        />
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => void run(async () => setSecret(await generateApiKey(userId, 'LifetimeToken')))}
          data-testid="api-generate-token"
        >
          {t('apiAccess.generateToken')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => void run(async () => setSecret(await generateApiKey(userId, 'AuthKey')))}
          data-testid="api-generate-key"
        >
          {t('apiAccess.generateKey')}
        </Button>
      </Group>
      {problem ? (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
      {live.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('apiAccess.noKeys')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('apiAccess.kind')}</Table.Th>
              <Table.Th>{t('apiAccess.lastFour')}</Table.Th>
              <Table.Th>{t('org.createdOn')}</Table.Th>
              <Table.Th>{t('apiAccess.lastUsed')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {live.map((key) => (
              <Table.Tr key={key.id} data-testid={`api-key-${key.id}`}>
                <Table.Td>{key.kind === 'LifetimeToken' ? t('apiAccess.token') : t('apiAccess.key')}</Table.Td>
                <Table.Td ff="monospace">…{key.lastFour}</Table.Td>
                <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
                <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('apiAccess.never')}</Table.Td>
                <Table.Td>
                  <ConfirmAction
                    label={t('apiAccess.revoke')}
                    variant="subtle"
                    color="red"
                    title={t('apiAccess.revoke')}
                    message={t('apiAccess.confirmRevoke', { lastFour: key.lastFour })}
                    confirmLabel={t('apiAccess.revoke')}
                    onConfirm={() => revokeApiKey(key.id)}
                    onDone={refresh}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
};
