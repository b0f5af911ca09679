import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useText } from '../i18n/useText';

/** Copyright and the policy links shown under every public page. */
export const PublicFooter = () => {
  const t = useText();
  return (
    <Group justify="space-between" gap="xs" py="sm" px="md" wrap="wrap" component="footer">
      <Text size="xs" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to="/website-policy" size="xs" c="dimmed">
          {t('footer.websitePolicy')}
        </Anchor>
        <Anchor component={Link} to="/terms-conditions" size="xs" c="dimmed">
          {t('footer.terms')}
        </Anchor>
        <Anchor component={Link} to="/privacy-policy" size="xs" c="dimmed">
          {t('footer.privacy')}
        </Anchor>
      </Group>
    </Group>
  );
};
