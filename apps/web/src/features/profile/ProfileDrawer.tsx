import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Loader, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@opengst/contracts';
import { sessionKeys } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { ApiForm } from '../../shared/ApiForm';
import { DetailDrawer, Field, FieldList } from '../../shared/DetailDrawer';
import { formatDateTime } from '../../shared/format';
import { splitApiErrors, type FieldErrors } from '../../shared/forms';
import { changePassword, confirmEmail, profileKeys, profileQuery, saveProfile } from './profileApi';

// The signed-in user's own profile and password, opened from the user menu (the spec gives it no route).

type Errors = { fields: FieldErrors; general: string[]; done?: string };
const NO_ERRORS: Errors = { fields: {}, general: [] };

/** The e-mail waiting for confirmation: the code mailed to it, entered here, makes it the user's address. */
const ConfirmEmailForm = ({
  pending,
  current,
  onConfirmed,
}: {
  pending: string;
  current: string;
  onConfirmed: (profile: Profile) => void;
}) => {
  const t = useText();
  const [code, setCode] = useState('');
  const [state, setState] = useState<Errors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      onConfirmed(await confirmEmail(code.trim()));
    } catch (error) {
      setState(splitApiErrors(error, ['code']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ApiForm onSubmit={submit} messages={state.general}>
      <Alert color="blue" variant="light" data-testid="profile-email-pending">
        {t('profile.emailPending', { email: pending, current })}
      </Alert>
      <Group align="flex-end" gap="sm">
        <TextInput
          size="sm"
          label={t('profile.confirmCode')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={state.fields.code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-testid="profile-email-code"
        />
        <Button type="submit" size="sm" loading={isBusy} disabled={code.trim().length !== 6} data-testid="profile-email-confirm">
          {t('profile.confirmEmail')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const ProfileForm = ({ profile }: { profile: Profile }) => {
  const t = useText();
  const client = useQueryClient();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [email, setEmail] = useState(profile.email);
  const [currentEmail, setCurrentEmail] = useState(profile.email);
  const [pendingEmail, setPendingEmail] = useState(profile.pendingEmail);
  const [mobile, setMobile] = useState(profile.mobile ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [state, setState] = useState<Errors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  // The e-mail is a credential (password resets go to it): changing it asks for the current password.
  const isEmailChange = email.trim().toLowerCase() !== currentEmail.toLowerCase();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: profileKeys.all });
    void client.invalidateQueries({ queryKey: sessionKeys.loadSettings });
  };
  const submit = async () => {
    setBusy(true);
    try {
      const body = { displayName: displayName.trim(), email: email.trim(), mobile: mobile.trim() || null };
      const saved = await saveProfile(body, isEmailChange ? currentPassword : undefined);
      setState({ ...NO_ERRORS, done: t('profile.saved') });
      setCurrentPassword('');
      setEmail(saved.email);
      setCurrentEmail(saved.email);
      setPendingEmail(saved.pendingEmail);
      refresh();
    } catch (error) {
      setState(splitApiErrors(error, ['displayName', 'email', 'mobile', 'currentPassword']));
    } finally {
      setBusy(false);
    }
  };
  const onConfirmed = (confirmed: Profile) => {
    setEmail(confirmed.email);
    setCurrentEmail(confirmed.email);
    setPendingEmail(confirmed.pendingEmail);
    setState({ ...NO_ERRORS, done: t('profile.emailConfirmed', { email: confirmed.email }) });
    refresh();
  };
  return (
    <Stack gap="sm">
      <ApiForm onSubmit={submit} messages={state.general} success={state.done} successTestId="profile-saved">
        <FieldList>
          <Field label={t('user.userName')}>{profile.userName}</Field>
          <Field label={t('user.role')}>{profile.roleName}</Field>
          <Field label={t('org.branch')}>{profile.branchName ?? '—'}</Field>
          <Field label={t('org.department')}>{profile.departmentName ?? '—'}</Field>
          <Field label={t('user.lastLogin')}>{profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : '—'}</Field>
          <Field label={t('user.locations')}>
            <Group gap={4}>
              {profile.entities.map((entity) => (
                <Badge key={entity.entityId} size="sm" variant="light" color="gray" radius="sm" tt="none" title={entity.gstin ?? undefined}>
                  {entity.entityName}
                </Badge>
              ))}
            </Group>
          </Field>
        </FieldList>
        <Divider />
        <TextInput
          size="sm"
          label={t('user.displayName')}
          required
          value={displayName}
          error={state.fields.displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
          data-testid="profile-name"
        />
        <TextInput
          size="sm"
          type="email"
          label={t('entity.email')}
          required
          value={email}
          error={state.fields.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-testid="profile-email"
        />
        {isEmailChange ? (
          <PasswordInput
            size="sm"
            label={t('profile.currentPassword')}
            description={t('profile.emailPasswordHint')}
            required
            autoComplete="current-password"
            value={currentPassword}
            error={state.fields.currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            data-testid="profile-email-password"
          />
        ) : null}
        <TextInput
          size="sm"
          label={t('user.mobile')}
          value={mobile}
          error={state.fields.mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={isBusy} disabled={isEmailChange && !currentPassword} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Group>
      </ApiForm>
      {pendingEmail ? <ConfirmEmailForm pending={pendingEmail} current={currentEmail} onConfirmed={onConfirmed} /> : null}
    </Stack>
  );
};

const PasswordForm = () => {
  const t = useText();
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<Errors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    if (password !== confirm) return setState({ fields: { confirmPassword: t('reset.mismatch') }, general: [] });
    setBusy(true);
    try {
      const answer = await changePassword(current, password, confirm);
      setState({ ...NO_ERRORS, done: answer.message });
      // The shell's notice about a password the account was created with goes.
      void client.invalidateQueries({ queryKey: profileKeys.all });
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (error) {
      setState(splitApiErrors(error, ['currentPassword', 'password', 'confirmPassword']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ApiForm onSubmit={submit} messages={state.general} success={state.done} successTestId="password-changed">
      <PasswordInput
        size="sm"
        label={t('profile.currentPassword')}
        required
        autoComplete="current-password"
        value={current}
        error={state.fields.currentPassword}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        data-testid="profile-current-password"
      />
      <PasswordInput
        size="sm"
        label={t('reset.newPassword')}
        required
        autoComplete="new-password"
        value={password}
        error={state.fields.password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        data-testid="profile-new-password"
      />
      <PasswordInput
        size="sm"
        label={t('reset.confirmPassword')}
        required
        autoComplete="new-password"
        value={confirm}
        error={state.fields.confirmPassword}
        onChange={(e) => setConfirm(e.currentTarget.value)}
        data-testid="profile-confirm-password"
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} disabled={!current || !password || !confirm} data-testid="profile-change-password">
          {t('reset.buttonChange')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const ProfileContent = () => {
  const t = useText();
  const { data: profile, isPending, isError } = useQuery(profileQuery);
  if (isPending) return <Loader size="sm" />;
  if (isError)
    return (
      <Text size="sm" c="red">
        {t('profile.loadFailed')}
      </Text>
    );
  return (
    <Tabs defaultValue="profile">
      <Tabs.List mb="sm">
        <Tabs.Tab value="profile">{t('profile.tab')}</Tabs.Tab>
        <Tabs.Tab value="password" data-testid="profile-password-tab">
          {t('reset.headingChange')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <ProfileForm profile={profile} />
      </Tabs.Panel>
      <Tabs.Panel value="password">
        <PasswordForm />
      </Tabs.Panel>
    </Tabs>
  );
};

export const ProfileDrawer = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const t = useText();
  return (
    <DetailDrawer opened={opened} onClose={onClose} title={t('profile.title')} size="md" testId="profile-drawer">
      <ProfileContent />
    </DetailDrawer>
  );
};
