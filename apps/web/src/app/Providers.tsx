import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { theme } from './theme';

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} defaultColorScheme="light">
    <Notifications position="top-right" limit={4} />
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);
