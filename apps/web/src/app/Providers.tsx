import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { useText } from '../i18n/useText';
import { cssVariablesResolver, themeWithText } from './theme';

// The theme carries translated text (the close buttons' name), so Mantine sits inside the query client that holds
// the text bundles.
const ThemedMantine = ({ children }: { children: ReactNode }) => {
  const t = useText();
  const closeLabel = t('common.close');
  const theme = useMemo(() => themeWithText(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} />
      {children}
    </MantineProvider>
  );
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <ThemedMantine>{children}</ThemedMantine>
  </QueryClientProvider>
);
