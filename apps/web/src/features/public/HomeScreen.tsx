import { Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useText } from '../../i18n/useText';

/** The public landing page: what this installation is, and the way in. */
export const HomeScreen = () => {
  const t = useText();
  return (
    <Container size="sm" py={64}>
      <Stack gap="lg">
        <Title order={1}>{t('home.heading')}</Title>
        <Text size="lg" c="dimmed">
          {t('home.body')}
        </Text>
        <List size="sm" spacing={6}>
          <List.Item>{t('carousel.statement')}</List.Item>
          <List.Item>{t('carousel.selfHosted')}</List.Item>
        </List>
        <Group gap="sm">
          <Button component={Link} to="/login">
            {t('home.login')}
          </Button>
          <Button component={Link} to="/hsn-codes-master" variant="default" data-testid="home-hsn-search">
            {t('home.hsnSearch')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
};
