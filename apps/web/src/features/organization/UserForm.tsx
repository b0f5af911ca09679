import { useState } from 'react';
import { Button, Group, Paper, ScrollArea, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { ApiForm } from '../../shared/ApiForm';
import { useQuery } from '@tanstack/react-query';
import type { UserDetail, UserSave } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { splitApiErrors, type FieldErrors } from '../../shared/forms';
import { levelLookupQuery } from '../../shared/namedMasterLookups';
import { EntityAccessTree } from './EntityAccessTree';
import { branchLookupQuery, departmentLookupQuery, entityTreeQuery } from './organizationApi';
import { roleOptionsQuery, saveUser } from './usersApi';

// Create and edit a user: one role (the single-role restriction), branch, department, approval level and access per
// location. The levels offered are the active ones, and the level the user holds even when it has been deactivated.
// A new user chooses their own password from the mail the server sends.

const FIELDS = ['userName', 'displayName', 'email', 'mobile', 'roleId', 'branchId', 'departmentId', 'levelId', 'entityIds'] as const;

export const UserForm = ({ detail, onSaved }: { detail: UserDetail | null; onSaved: (userId: number) => void }) => {
  const t = useText();
  const { data: roles } = useQuery(roleOptionsQuery);
  const { data: branches = [] } = useQuery(branchLookupQuery);
  const { data: departments = [] } = useQuery(departmentLookupQuery);
  const { data: levels = [] } = useQuery(levelLookupQuery);
  const { data: tree = [] } = useQuery(entityTreeQuery);
  const [userName, setUserName] = useState(detail?.userName ?? '');
  const [displayName, setDisplayName] = useState(detail?.displayName ?? '');
  const [email, setEmail] = useState(detail?.email ?? '');
  const [mobile, setMobile] = useState(detail?.mobile ?? '');
  const [roleId, setRoleId] = useState<string | null>(detail ? String(detail.roleId) : null);
  const [branchId, setBranchId] = useState<string | null>(detail?.branchId ? String(detail.branchId) : null);
  const [departmentId, setDepartmentId] = useState<string | null>(detail?.departmentId ? String(detail.departmentId) : null);
  const [levelId, setLevelId] = useState<string | null>(detail?.levelId ? String(detail.levelId) : null);
  const levelOptions = levels.map((level) => ({ value: String(level.id), label: `${level.rank}. ${level.name}` }));
  if (detail?.levelId && detail.levelName && !levels.some((level) => level.id === detail.levelId))
    levelOptions.push({ value: String(detail.levelId), label: detail.levelName });
  const [entityIds, setEntityIds] = useState<ReadonlySet<number>>(new Set(detail?.entityIds ?? []));
  const [errors, setErrors] = useState<{ fields: FieldErrors; general: string[] }>({ fields: {}, general: [] });
  const [isBusy, setBusy] = useState(false);

  const submit = async () => {
    if (!roleId) {
      setErrors({ fields: { roleId: t('user.roleRequired') }, general: [] });
      return;
    }
    setBusy(true);
    const body: UserSave = {
      ...(detail ? { userId: detail.userId } : {}),
      userName: userName.trim(),
      displayName: displayName.trim(),
      email: email.trim(),
      mobile: mobile.trim() || null,
      roleId: Number(roleId),
      branchId: branchId ? Number(branchId) : null,
      departmentId: departmentId ? Number(departmentId) : null,
      levelId: levelId ? Number(levelId) : null,
      entityIds: [...entityIds],
    };
    try {
      const saved = await saveUser(body);
      onSaved(saved.userId);
    } catch (error) {
      setErrors(splitApiErrors(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ApiForm onSubmit={submit} messages={errors.general} errorTestId="user-form-error">
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          size="sm"
          label={t('user.userName')}
          required
          value={userName}
          disabled={detail !== null}
          error={errors.fields.userName}
          onChange={(e) => setUserName(e.currentTarget.value)}
          data-testid="user-username"
          autoComplete="off"
        />
        <TextInput
          size="sm"
          label={t('user.displayName')}
          required
          value={displayName}
          error={errors.fields.displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
          data-testid="user-name"
        />
        <TextInput
          size="sm"
          type="email"
          label={t('entity.email')}
          required
          value={email}
          error={errors.fields.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-testid="user-email"
        />
        <TextInput
          size="sm"
          label={t('user.mobile')}
          value={mobile}
          error={errors.fields.mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
          data-testid="user-mobile"
        />
        <Select
          size="sm"
          label={t('user.role')}
          required
          data={(roles?.items ?? []).map((role) => ({ value: String(role.roleId), label: role.name }))}
          value={roleId}
          searchable
          error={errors.fields.roleId}
          onChange={setRoleId}
          data-testid="user-role"
        />
        <Select
          size="sm"
          label={t('org.branch')}
          clearable
          data={branches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
          value={branchId}
          error={errors.fields.branchId}
          onChange={setBranchId}
          data-testid="user-branch"
        />
        <Select
          size="sm"
          label={t('org.department')}
          clearable
          data={departments.map((department) => ({ value: String(department.id), label: department.name }))}
          value={departmentId}
          error={errors.fields.departmentId}
          onChange={setDepartmentId}
          data-testid="user-department"
        />
        <Select
          size="sm"
          label={t('user.level')}
          description={t('user.levelHint')}
          clearable
          data={levelOptions}
          value={levelId}
          error={errors.fields.levelId}
          onChange={setLevelId}
          data-testid="user-level"
        />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500}>
          {t('user.locationAccess')}
        </Text>
        <Text size="xs" c="dimmed" mb={4}>
          {t('user.locationAccessHint')}
        </Text>
        <Paper withBorder p="xs" radius="sm">
          <ScrollArea.Autosize mah={260}>
            {tree.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('entity.empty')}
              </Text>
            ) : (
              <EntityAccessTree tree={tree} selected={entityIds} onChange={setEntityIds} />
            )}
          </ScrollArea.Autosize>
        </Paper>
        {errors.fields.entityIds ? (
          <Text size="xs" c="red" mt={4}>
            {errors.fields.entityIds}
          </Text>
        ) : null}
      </div>
      {detail === null ? (
        <Text size="xs" c="dimmed">
          {t('user.passwordMail')}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="user-save">
          {t('common.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};
