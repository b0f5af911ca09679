import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicFooter } from '../../shell/PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Policy pages and the status pages (not found, unauthorized, maintenance). */
export const PublicLayout = () => (
  <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
    <PublicHeader />
    <Box component="main" style={{ flex: 1 }} px="md" py="xl">
      <Outlet />
    </Box>
    <PublicFooter />
  </Box>
);
