import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { routeByName, type RoleDetail, type RightsTree } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { splitApiErrors, type FieldErrors } from '../../shared/forms';
import { RightsTreeEditor } from './RightsTreeEditor';
import { organizationKeys } from './organizationKeys';
import { rightsTreeQuery, roleDetailQuery, saveRole } from './usersApi';

// /add-role and /edit-role?roleId=: name, description and the rights tree by module. The system role Admin holds
// every right and is shown read-only.

const RoleForm = ({ role, tree }: { role: RoleDetail | null; tree: RightsTree }) => {
  const t = useText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [rightIds, setRightIds] = useState<ReadonlySet<string>>(new Set(role?.rightIds ?? []));
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);
  const isReadOnly = role?.isSystem ?? false;

  const submit = async () => {
    if (!name.trim()) return setErrors({ fields: { name: t('org.nameRequired') }, general: [] });
    if (rightIds.size === 0) return setErrors({ fields: {}, general: [t('role.noRights')] });
    setBusy(true);
    try {
      await saveRole({
        ...(role ? { roleId: role.roleId } : {}),
        name: name.trim(),
        description: description.trim() || null,
        rightIds: [...rightIds],
      });
      await client.invalidateQueries({ queryKey: organizationKeys.all });
      void navigate(routeByName('Roles').path);
    } catch (error) {
      setErrors(splitApiErrors(error, ['name', 'description', 'rightIds']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isReadOnly) void submit();
      }}
    >
      <Stack gap="sm">
        {isReadOnly ? (
          <Alert color="gray" variant="light" data-testid="role-system-note">
            {t('role.systemReadOnly')}
          </Alert>
        ) : null}
        {errors.general.length > 0 || errors.fields.rightIds ? (
          <Alert color="red" variant="light" role="alert" data-testid="role-form-error">
            {[...errors.general, errors.fields.rightIds ?? ''].join(' ')}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            size="sm"
            label={t('org.name')}
            required
            maw={360}
            value={name}
            disabled={isReadOnly}
            error={errors.fields.name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="role-name"
          />
          <Textarea
            size="sm"
            label={t('role.description')}
            autosize
            minRows={1}
            value={description}
            disabled={isReadOnly}
            error={errors.fields.description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-testid="role-description"
          />
        </Group>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('role.rightsTree')}
          </Text>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('role.selectedCount', { n: rightIds.size })}
          </Text>
        </Group>
        <RightsTreeEditor tree={tree} selected={rightIds} isReadOnly={isReadOnly} onChange={setRightIds} />
        <Group justify="flex-end" gap="xs">
          <Button size="sm" variant="default" onClick={() => void navigate(routeByName('Roles').path)}>
            {t('common.cancel')}
          </Button>
          {isReadOnly ? null : (
            <Button type="submit" size="sm" loading={isBusy} data-testid="role-save">
              {t('common.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
};

export const AddRoleScreen = () => {
  const { data: tree, isPending } = useQuery(rightsTreeQuery);
  return isPending || !tree ? <Loader size="sm" /> : <RoleForm role={null} tree={tree} />;
};

export const EditRoleScreen = () => {
  const t = useText();
  const [params] = useSearchParams();
  const roleId = Number(params.get('roleId'));
  const isValid = Number.isInteger(roleId) && roleId > 0;
  const { data: tree } = useQuery(rightsTreeQuery);
  const { data: role, isError } = useQuery({ ...roleDetailQuery(roleId), enabled: isValid });
  if (!isValid || isError)
    return (
      <Alert color="red" variant="light">
        {t('role.notFound')}
      </Alert>
    );
  return !tree || !role ? <Loader size="sm" /> : <RoleForm key={role.roleId} role={role} tree={tree} />;
};
