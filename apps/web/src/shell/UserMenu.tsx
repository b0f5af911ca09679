import { Avatar, Button, Menu, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconBooks, IconChevronDown, IconLogout, IconMail, IconSettings, IconSpeakerphone, IconUserCircle } from '@tabler/icons-react';
import { routeByName } from '@opengst/contracts';
import { loadSettingsQuery } from '../api/sessionData';
import { useText } from '../i18n/useText';
import { routeRightState } from '../shared/rights';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** The signed-in user's menu. The profile drawer is a feature, so the layout opens it: the shell imports no feature. */
export const UserMenu = ({ onOpenProfile }: { onOpenProfile: () => void }) => {
  const t = useText();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const user = loaded?.user;
  const outbox = routeByName('MailOutbox');
  const announcements = routeByName('ManageAnnouncements');
  const settings = routeByName('Settings');
  const masters = routeByName('Masters');
  const isGranted = (rights: readonly string[]) => (loaded ? routeRightState(loaded.rights, rights, new Date()) === 'granted' : false);
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          data-testid="user-menu"
          aria-label={t('shell.userMenu')}
          leftSection={
            <Avatar size={24} color="indigo" radius="xl">
              {initialsOf(user?.displayName ?? '')}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} />}
        >
          <span className="truncate-narrow" style={{ maxWidth: 160 }}>
            {user?.displayName ?? ''}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <Menu.Label>
            <Text size="xs" fw={600} c="dark">
              {user.userName}
            </Text>
            <Text size="xs">{user.roleName}</Text>
          </Menu.Label>
        ) : null}
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={onOpenProfile} data-testid="profile-link">
          {t('shell.profile')}
        </Menu.Item>
        {isGranted(settings.rights) ? (
          <Menu.Item component={Link} to={settings.path} leftSection={<IconSettings size={16} />} data-testid="settings-link">
            {t('shell.settings')}
          </Menu.Item>
        ) : null}
        {isGranted(masters.rights) ? (
          <Menu.Item component={Link} to={masters.path} leftSection={<IconBooks size={16} />} data-testid="masters-link">
            {masters.title}
          </Menu.Item>
        ) : null}
        {isGranted(outbox.rights) ? (
          <Menu.Item component={Link} to={outbox.path} leftSection={<IconMail size={16} />}>
            {t('shell.mailOutbox')}
          </Menu.Item>
        ) : null}
        {isGranted(announcements.rights) ? (
          <Menu.Item
            component={Link}
            to={announcements.path}
            leftSection={<IconSpeakerphone size={16} />}
            data-testid="manage-announcements-link"
          >
            {announcements.title}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} />} data-testid="logout-link">
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
