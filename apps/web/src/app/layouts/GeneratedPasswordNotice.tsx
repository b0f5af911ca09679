import { Alert, Button, Group, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../features/profile/profileApi';
import { useText } from '../../i18n/useText';

/**
 * Offered on every screen until it is done (issue 16): a user still signed in with the password the account was created
 * with (the demo administrator's, printed at the first start) is asked to choose their own.
 */
export const GeneratedPasswordNotice = ({ onChange }: { onChange: () => void }) => {
  const t = useText();
  const { data: profile } = useQuery({ ...profileQuery, staleTime: 5 * 60_000 });
  if (!profile?.usesGeneratedSecret) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconKey size={16} aria-hidden />} mb="sm" data-testid="generated-password-notice">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" style={{ flex: 1 }}>
          {t('shell.generatedPassword')}
        </Text>
        <Button size="xs" variant="default" onClick={onChange} style={{ flexShrink: 0 }} data-testid="generated-password-change">
          {t('shell.generatedPasswordChange')}
        </Button>
      </Group>
    </Alert>
  );
};
