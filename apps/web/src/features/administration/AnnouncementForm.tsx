import { useState } from 'react';
import { Button, Group, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import {
  ANNOUNCEMENT_ADMIN_ENDPOINTS,
  ANNOUNCEMENT_AUDIENCES,
  type AdminAnnouncement,
  type AnnouncementAudience,
} from '@opengst/contracts';
import dayjs from 'dayjs';
import { call } from '../../api/call';
import { ApiForm } from '../../shared/ApiForm';
import { sayAnnouncement as say } from '../../shared/announcements/announcementsApi';
import { FORM_SILENT, splitApiErrors, type FieldErrors } from '../../shared/forms';

// Writes or edits an announcement. Dates are picked in the browser's local time (datetime-local) and sent as instants;
// an empty publish date keeps a draft, a future one schedules it. The body is HTML the server sanitises on save.

const FIELDS = ['title', 'body', 'audience', 'subscriberId', 'publishAt', 'expiresAt'] as const;
const LOCAL = 'YYYY-MM-DDTHH:mm';

const toLocal = (iso: string | null): string => (iso ? dayjs(iso).format(LOCAL) : '');
const toInstant = (local: string): string | null => (local ? dayjs(local).toDate().toISOString() : null);

export const AnnouncementForm = ({
  editing,
  onSaved,
  onCancel,
}: {
  editing: AdminAnnouncement | null;
  onSaved: () => void;
  onCancel: () => void;
}) => {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [audience, setAudience] = useState<AnnouncementAudience>(editing?.audience ?? 'Public');
  const [subscriberId, setSubscriberId] = useState<number | ''>(editing?.subscriberId ?? '');
  const [publishAt, setPublishAt] = useState(toLocal(editing?.publishAt ?? null));
  const [expiresAt, setExpiresAt] = useState(toLocal(editing?.expiresAt ?? null));
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isSaving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await call(
        ANNOUNCEMENT_ADMIN_ENDPOINTS.save,
        {
          body: {
            ...(editing ? { id: editing.id } : {}),
            title,
            body,
            audience,
            subscriberId: audience === 'Subscriber' && subscriberId !== '' ? subscriberId : null,
            publishAt: toInstant(publishAt),
            expiresAt: toInstant(expiresAt),
          },
        },
        { silent: FORM_SILENT },
      );
      onSaved();
    } catch (error) {
      setErrors(splitApiErrors(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ApiForm onSubmit={save} messages={errors.general} errorTestId="announcement-form-error">
      <TextInput
        size="sm"
        label={say('announcementsAdmin.titleLabel')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={errors.fields.title}
        required
        data-testid="announcement-title"
      />
      <Textarea
        size="sm"
        label={say('announcementsAdmin.bodyLabel')}
        description={say('announcementsAdmin.bodyHelp')}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={errors.fields.body}
        autosize
        minRows={6}
        required
        data-testid="announcement-body-input"
      />
      <Group grow align="flex-start">
        <Select
          size="sm"
          label={say('announcementsAdmin.audience')}
          data={ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: say(`announcements.audience.${value}`) }))}
          value={audience}
          onChange={(value) => value && setAudience(value as AnnouncementAudience)}
          allowDeselect={false}
          error={errors.fields.audience}
          data-testid="announcement-audience"
        />
        {audience === 'Subscriber' ? (
          <NumberInput
            size="sm"
            label={say('announcementsAdmin.subscriberId')}
            value={subscriberId}
            onChange={(value) => setSubscriberId(typeof value === 'number' ? value : '')}
            min={1}
            allowDecimal={false}
            error={errors.fields.subscriberId}
            data-testid="announcement-subscriber"
          />
        ) : null}
      </Group>
      <Group grow align="flex-end">
        <TextInput
          size="sm"
          type="datetime-local"
          label={say('announcementsAdmin.publishAt')}
          value={publishAt}
          onChange={(e) => setPublishAt(e.currentTarget.value)}
          error={errors.fields.publishAt}
          data-testid="announcement-publish-at"
        />
        <TextInput
          size="sm"
          type="datetime-local"
          label={say('announcementsAdmin.expiresAt')}
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.currentTarget.value)}
          error={errors.fields.expiresAt}
          data-testid="announcement-expires-at"
        />
      </Group>
      <Group justify="space-between">
        <Button size="xs" variant="subtle" onClick={() => setPublishAt(dayjs().format(LOCAL))} data-testid="announcement-publish-now">
          {say('announcementsAdmin.publishNow')}
        </Button>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onCancel}>
            {say('announcementsAdmin.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={isSaving} data-testid="announcement-save">
            {say('announcementsAdmin.save')}
          </Button>
        </Group>
      </Group>
    </ApiForm>
  );
};
