import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ewaybillText as wt } from '@opengst/contracts';
import { userEntitiesQuery } from '../../api/sessionData';
import { isGstinLocation } from '../../shared/GstinMultiSelect';
import { notifySuccess } from '../../shared/notifySuccess';
import { refusalText } from '../../shared/payments/portalSessionStep';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { rejectEwaybill, saveEwbUser } from './ewaybillApi';

// Two forms that name one of the user's GSTIN locations: its e-way bill API user (NIC: a user per GSTIN, created
// through the GSP; the password sealed at the server), and the rejection of an e-way bill another taxpayer generated
// naming it as the other party (Rule 138(12): within 72 hours).

type Props = { kind: 'user' | 'reject' | null; onClose: () => void; onDone: () => void; financialYear: string; isSandbox: boolean };

export const EwbLocationModal = ({ kind, onClose, onDone, financialYear, isSandbox }: Props) => {
  const { data: entities = [] } = useQuery(userEntitiesQuery(financialYear));
  const locations = entities.filter(isGstinLocation);
  const [entityId, setEntityId] = useState<string | null>(null);
  const [first, setFirst] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const send = async () => {
    setSaving(true);
    setRefusal(null);
    try {
      if (kind === 'user') {
        const saved = await saveEwbUser({ entityId: Number(entityId), userName: first.trim(), password });
        notifySuccess(wt('ewaybill.ewbUserSaved', { gstin: saved.gstin }));
      } else {
        const done = await rejectEwaybill({ entityId: Number(entityId), ewbNumber: first.trim() });
        notifySuccess(wt('ewaybill.rejected', { number: done.ewbNumber }));
      }
      setPassword('');
      onDone();
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setSaving(false);
    }
  };
  const isUser = kind === 'user';
  return (
    <Modal opened={kind !== null} onClose={onClose} title={isUser ? wt('ewaybill.ewbUser') : wt('ewaybill.reject')} size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {isUser ? wt('ewaybill.ewbUserIntro') : wt('ewaybill.rejectIntro')}
        </Text>
        {isUser && isSandbox ? (
          <Text size="xs" c="orange.8">
            {wt('ewaybill.ewbUserSandbox')}
          </Text>
        ) : null}
        <Select
          size="xs"
          label={wt('ewaybill.location')}
          data={locations.map((e) => ({ value: String(e.entityId), label: `${e.gstin} · ${e.entityName}` }))}
          value={entityId}
          onChange={setEntityId}
          searchable
          data-testid="ewb-location"
        />
        <TextInput
          size="xs"
          label={isUser ? wt('ewaybill.ewbUserName') : wt('ewaybill.ewbNumber')}
          value={first}
          maxLength={isUser ? 100 : 12}
          onChange={(event) => setFirst(isUser ? event.currentTarget.value : event.currentTarget.value.replace(/\D/g, ''))}
          autoComplete="off"
          data-testid="ewb-location-first"
        />
        {isUser ? (
          <PasswordInput
            size="xs"
            label={wt('ewaybill.ewbUserPassword')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="new-password"
            data-testid="ewb-user-password"
          />
        ) : null}
        <RefusalAlert messages={refusal ? [refusal] : []} testId="ewb-location-refused" />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            {wt('ewaybill.close')}
          </Button>
          <Button
            size="xs"
            color={isUser ? undefined : 'red'}
            loading={isSaving}
            disabled={!entityId || (isUser ? first.trim() === '' || password === '' : !/^\d{12}$/.test(first))}
            onClick={() => void send()}
            data-testid="ewb-location-send"
          >
            {isUser ? wt('ewaybill.save') : wt('ewaybill.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
