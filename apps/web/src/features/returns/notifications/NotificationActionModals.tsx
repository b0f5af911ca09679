import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RETURN_TYPES, notificationText as nt, type NotificationSendResult } from '@opengst/contracts';
import { ApiError } from '../../../api/http';
import { levelLookupQuery } from '../../../shared/namedMasterLookups';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { bulkAssignNotifications, notificationUsersQuery, sendNotifications } from './notificationsApi';

// The selection's two actions that ask for more: a reminder (the financial year, return period and return it is
// about; spec modules §3 Reminder) and an assignment to a user and/or a level (Level Master's active levels).

const refusalsOf = (error: unknown): string[] => {
  if (error instanceof ApiError && error.status === 422) return error.items.map((item) => item.message);
  throw error;
};

type ReminderProps = { ids: number[] | null; onClose: () => void; onDone: (result: NotificationSendResult) => void };

export const ReminderModal = ({ ids, onClose, onDone }: ReminderProps) => {
  const [financialYear, setFinancialYear] = useState<number | string>(new Date().getFullYear() - (new Date().getMonth() < 3 ? 1 : 0));
  const [period, setPeriod] = useState('');
  const [returnType, setReturnType] = useState<string | null>('GSTR1');
  const [refusals, setRefusals] = useState<string[]>([]);
  const [isSending, setSending] = useState(false);
  const isPeriodValid = /^(0[1-9]|1[0-2])\d{4}$/.test(period);
  const submit = async () => {
    if (!ids || !isPeriodValid || !returnType) return;
    setSending(true);
    setRefusals([]);
    try {
      const reminder = {
        financialYear: Number(financialYear),
        returnPeriod: Number(period),
        returnType: returnType as (typeof RETURN_TYPES)[number],
      };
      onDone(await sendNotifications(ids, reminder));
    } catch (error) {
      setRefusals(refusalsOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={ids !== null} onClose={onClose} title={nt('notification.sendReminder')} size="sm">
      <Stack gap="sm" data-testid="notification-reminder-form">
        <RefusalAlert messages={refusals} testId="notification-reminder-refused" />
        <NumberInput
          size="xs"
          label={nt('notification.financialYear')}
          value={financialYear}
          onChange={setFinancialYear}
          min={2017}
          max={2100}
        />
        <TextInput
          size="xs"
          label={nt('notification.returnPeriod')}
          placeholder="MMYYYY"
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          error={period && !isPeriodValid ? 'A return period is MMYYYY.' : undefined}
          data-testid="notification-reminder-period"
        />
        <Select
          size="xs"
          label={nt('notification.returnType')}
          data={[...RETURN_TYPES]}
          value={returnType}
          onChange={setReturnType}
          data-testid="notification-reminder-return"
        />
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            size="xs"
            loading={isSending}
            disabled={!isPeriodValid || !returnType}
            onClick={() => void submit()}
            data-testid="notification-reminder-send"
          >
            {nt('notification.sendReminder')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

type AssignProps = { ids: number[] | null; onClose: () => void; onDone: (affected: number) => void };

export const AssignModal = ({ ids, onClose, onDone }: AssignProps) => {
  const { data: users = [] } = useQuery({ ...notificationUsersQuery, enabled: ids !== null });
  const { data: levels = [] } = useQuery({ ...levelLookupQuery, enabled: ids !== null });
  const [userId, setUserId] = useState<string | null>(null);
  const [levelId, setLevelId] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [isSaving, setSaving] = useState(false);
  const submit = async () => {
    if (!ids) return;
    setSaving(true);
    setRefusals([]);
    try {
      const result = await bulkAssignNotifications(ids, userId ? Number(userId) : null, levelId ? Number(levelId) : null);
      onDone(result.affected);
    } catch (error) {
      setRefusals(refusalsOf(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={ids !== null} onClose={onClose} title={nt('notification.assign')} size="sm">
      <Stack gap="sm" data-testid="notification-assign-form">
        <RefusalAlert messages={refusals} testId="notification-assign-refused" />
        <Select
          size="xs"
          label={nt('notification.assignee')}
          data={users.map((user) => ({ value: String(user.id), label: `${user.displayName} (${user.userName})` }))}
          value={userId}
          onChange={setUserId}
          searchable
          clearable
          data-testid="notification-assign-user"
        />
        <Select
          size="xs"
          label={nt('notification.assigneeLevel')}
          data={levels.map((level) => ({ value: String(level.id), label: level.name }))}
          value={levelId}
          onChange={setLevelId}
          clearable
          data-testid="notification-assign-level"
        />
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button size="xs" loading={isSaving} onClick={() => void submit()} data-testid="notification-assign-save">
            {nt('notification.assign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
