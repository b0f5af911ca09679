import { Box, Button } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useText } from '../../i18n/useText';
import { PublicFooter } from '../../shell/PublicFooter';
import { PublicHeader } from './PublicHeader';

export const HomeLayout = () => {
  const t = useText();
  return (
    <Box mih="100vh" bg="white" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader
        actions={
          <Button component={Link} to="/login" size="xs">
            {t('home.login')}
          </Button>
        }
      />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
};
