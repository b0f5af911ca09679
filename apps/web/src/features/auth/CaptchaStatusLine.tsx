import { Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import type { Captcha } from './useCaptcha';

/** The visible state of the human check; nothing when captcha is off. */
export const CaptchaStatusLine = ({ captcha }: { captcha: Captcha }) => {
  const t = useText();
  if (captcha.status === 'off') return null;
  return (
    <Stack gap={4} data-testid="captcha-status" data-status={captcha.status} aria-live="polite">
      {captcha.status === 'solving' ? (
        <>
          <Group gap="xs">
            <Loader size={14} />
            <Text size="sm">{t('captcha.verifying')}</Text>
          </Group>
          <Progress value={captcha.progress * 100} size="xs" aria-label={t('captcha.verifying')} />
        </>
      ) : null}
      {captcha.status === 'solved' ? (
        <Group gap="xs">
          <IconCircleCheckFilled size={18} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm" c="green">
            {t('captcha.verified')}
          </Text>
        </Group>
      ) : null}
      {captcha.status === 'failed' ? (
        <Group gap="xs">
          <Text size="sm" c="red">
            {t('captcha.failed')}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={captcha.renew}>
            {t('captcha.retry')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};
