import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RESOURCES, type ResourceKey, type SettingsGroup, type SettingsScreen as SettingsScreenData } from '@opengst/contracts';
import { loadSettingsQuery } from '../../api/sessionData';
import { notifySuccess } from '../../shared/notifySuccess';
import { useText } from '../../i18n/useText';
import { splitApiErrors } from '../../shared/forms';
import { fieldsOf, humanize, validateGroup } from './settingsFields';
import { saveSettingsGroup, settingsScreenQuery } from './settingsApi';

// /settings (spec modules §2.5): the subscriber settings grouped by area as the API returns them; each group is
// editable only when the user holds its right, and is saved on its own.

type GroupData = SettingsScreenData['groups'][number];

const textKey = (key: string): ResourceKey | null => (key in RESOURCES ? (key as ResourceKey) : null);

const SettingsGroupCard = ({ data }: { data: GroupData }) => {
  const t = useText();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, unknown>>(data.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [isBusy, setBusy] = useState(false);
  const group = data.group;
  const isDirty = JSON.stringify(values) !== JSON.stringify(data.values);
  const labelOf = (name: string) => {
    const key = textKey(`settings.field.${name}`);
    return key ? t(key) : humanize(name);
  };
  const titleKey = textKey(`settings.group.${group}`);

  const save = async () => {
    const messages = validateGroup(group, values);
    setErrors(messages);
    if (Object.keys(messages).length > 0) return;
    setBusy(true);
    try {
      await saveSettingsGroup(group, values);
      setGeneral([]);
      notifySuccess(t('settings.saved', { group: titleKey ? t(titleKey) : humanize(group) }));
      await client.invalidateQueries({ queryKey: settingsScreenQuery.queryKey });
      await client.invalidateQueries({ queryKey: loadSettingsQuery.queryKey });
    } catch (error) {
      const split = splitApiErrors(error, Object.keys(values));
      setErrors(split.fields);
      setGeneral(split.general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="sm" p="md" data-testid={`settings-group-${group}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (data.canEdit) void save();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={5}>{titleKey ? t(titleKey) : humanize(group)}</Title>
            {data.canEdit ? null : (
              <Badge variant="light" color="gray" radius="sm" title={t('right.noAccess')}>
                {t('settings.readOnly')}
              </Badge>
            )}
          </Group>
          {general.length > 0 ? (
            <Alert color="red" variant="light" role="alert">
              {general.join(' ')}
            </Alert>
          ) : null}
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {fieldsOf(group, values).map((field) => {
              const value = values[field.name];
              const set = (next: unknown) => setValues((current) => ({ ...current, [field.name]: next }));
              if (field.kind === 'boolean')
                return (
                  <Switch
                    key={field.name}
                    size="sm"
                    label={labelOf(field.name)}
                    checked={value === true}
                    disabled={!data.canEdit}
                    onChange={(e) => set(e.currentTarget.checked)}
                    error={errors[field.name]}
                    data-testid={`setting-${group}-${field.name}`}
                  />
                );
              if (field.kind === 'number')
                return (
                  <NumberInput
                    key={field.name}
                    size="sm"
                    label={labelOf(field.name)}
                    value={typeof value === 'number' ? value : ''}
                    disabled={!data.canEdit}
                    allowDecimal={field.isRupees}
                    decimalScale={field.isRupees ? 2 : 0}
                    fixedDecimalScale={field.isRupees}
                    thousandSeparator=","
                    thousandsGroupStyle="lakh"
                    leftSection={field.isRupees ? <Text size="xs">₹</Text> : undefined}
                    error={errors[field.name]}
                    onChange={(next) => set(typeof next === 'number' ? next : Number(next))}
                    styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
                    data-testid={`setting-${group}-${field.name}`}
                  />
                );
              return (
                <TextInput
                  key={field.name}
                  size="sm"
                  label={labelOf(field.name)}
                  value={String(value ?? '')}
                  disabled={!data.canEdit}
                  error={errors[field.name]}
                  onChange={(e) => set(e.currentTarget.value)}
                />
              );
            })}
          </SimpleGrid>
          {data.canEdit ? (
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={!isDirty}
                onClick={() => {
                  setValues(data.values);
                  setErrors({});
                  setGeneral([]);
                }}
              >
                {t('settings.discard')}
              </Button>
              <Button size="xs" type="submit" disabled={!isDirty} loading={isBusy} data-testid={`settings-save-${group}`}>
                {t('common.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
};

export const SettingsScreen = () => {
  const t = useText();
  const { data, isPending, isError, dataUpdatedAt } = useQuery(settingsScreenQuery);
  if (isPending) return <Loader size="sm" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('settings.loadFailed')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('settings.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {data.groups.map((group: GroupData) => (
          <SettingsGroupCard key={`${group.group as SettingsGroup}-${dataUpdatedAt}`} data={group} />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
