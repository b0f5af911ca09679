import { Box, Button, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useText } from '../../i18n/useText';
import { PublicAnnouncementBell } from '../../shared/announcements/AnnouncementBell';
import { PublicFooter } from '../../shell/PublicFooter';
import { HomeMenu } from '../../features/public/HomeMenu';
import { PublicHeader } from './PublicHeader';

export const HomeLayout = () => {
  const t = useText();
  return (
    <Box mih="100vh" bg="white" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader
        nav={<HomeMenu />}
        actions={
          <Group gap="sm" wrap="nowrap">
            <PublicAnnouncementBell />
            <Button component={Link} to="/login" size="xs">
              {t('home.login')}
            </Button>
          </Group>
        }
      />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
};
