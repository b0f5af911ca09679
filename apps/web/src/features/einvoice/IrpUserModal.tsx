import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { einvoiceText as et } from '@opengst/contracts';
import { userEntitiesQuery } from '../../api/sessionData';
import { isGstinLocation } from '../../shared/GstinMultiSelect';
import { notifySuccess } from '../../shared/notifySuccess';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { refusalText } from '../../shared/payments/portalSessionStep';
import { saveIrpUser } from './einvoiceApi';

// The e-invoice API user of a location's GSTIN (NIC e-invoice API: a user per GSTIN, created through the GSP): its
// name and password, sealed at the server; the IRP sandbox's rule said when the sandbox answers.

type Props = { opened: boolean; onClose: () => void; financialYear: string; isSandbox: boolean };

export const IrpUserModal = ({ opened, onClose, financialYear, isSandbox }: Props) => {
  const { data: entities = [] } = useQuery(userEntitiesQuery(financialYear));
  const locations = entities.filter(isGstinLocation);
  const [entityId, setEntityId] = useState<string | null>(null);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await saveIrpUser({ entityId: Number(entityId), userName: userName.trim(), password });
      notifySuccess(et('einvoice.irpUserSaved', { gstin: saved.gstin }));
      setPassword('');
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={et('einvoice.irpUserTitle')} size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {et('einvoice.irpUserIntro')}
        </Text>
        {isSandbox ? (
          <Text size="xs" c="orange.8" data-testid="einvoice-irp-user-sandbox">
            {et('einvoice.irpUserSandbox')}
          </Text>
        ) : null}
        <Select
          size="xs"
          label={et('einvoice.location')}
          data={locations.map((e) => ({ value: String(e.entityId), label: `${e.gstin} · ${e.entityName}` }))}
          value={entityId}
          onChange={setEntityId}
          searchable
          data-testid="einvoice-irp-user-location"
        />
        <TextInput
          size="xs"
          label={et('einvoice.irpUserName')}
          value={userName}
          onChange={(event) => setUserName(event.currentTarget.value)}
          autoComplete="off"
          data-testid="einvoice-irp-user-name"
        />
        <PasswordInput
          size="xs"
          label={et('einvoice.irpUserPassword')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="new-password"
          data-testid="einvoice-irp-user-password"
        />
        <RefusalAlert messages={refusal ? [refusal] : []} testId="einvoice-irp-user-refused" />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            {et('einvoice.close')}
          </Button>
          <Button
            size="xs"
            loading={isSaving}
            disabled={!entityId || userName.trim() === '' || password === ''}
            onClick={() => void save()}
            data-testid="einvoice-irp-user-save"
          >
            {et('einvoice.irpUserSave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
