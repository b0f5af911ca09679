import type { ReactNode } from 'react';
import { Box, Button, Container, Group, Image, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { preLoadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import type { TextKey } from '../../i18n/useText';

// The public landing page (modules §2.7): what this installation does, shown with the product's own screens (taken by
// the browser journeys: scripts/home-screenshots.sh), its features, why it (when showWhyUsSection is on) and what it
// connects to; each section is an anchor of the header menu (HomeMenu).

export const HOME_SECTIONS = {
  keyOfferings: 'key-offerings',
  features: 'features',
  whyUs: 'why-us',
  integrations: 'integrations',
} as const;

const OFFERINGS = [
  { key: 'returns', image: '/home/returns.jpg' },
  { key: 'setOff', image: '/home/set-off.jpg' },
  { key: 'reconciliation', image: '/home/reconciliation.jpg' },
  { key: 'imports', image: '/home/imports.jpg' },
] as const;

const FEATURES: readonly TextKey[] = [
  'home.features.gstins',
  'home.features.rights',
  'home.features.audit',
  'home.features.registers',
  'home.features.gstr2b',
  'home.features.vendorPayments',
  'home.features.signIn',
  'home.features.hsn',
];

const WHY_US: readonly TextKey[] = ['home.whyUs.open', 'home.whyUs.fast', 'home.whyUs.explained'];

const INTEGRATIONS: readonly TextKey[] = [
  'home.integrations.portal',
  'home.integrations.database',
  'home.integrations.files',
  'home.integrations.mail',
];

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Box component="section" id={id} py={40} style={{ scrollMarginTop: 64 }} aria-labelledby={`${id}-title`}>
    <Stack gap="md">
      <Title order={2} id={`${id}-title`} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  </Box>
);

const Checklist = ({ items, testId }: { items: readonly TextKey[]; testId: string }) => {
  const t = useText();
  return (
    <List
      spacing={8}
      size="sm"
      data-testid={testId}
      icon={
        <ThemeIcon size={18} radius="xl" color="indigo" variant="light">
          <IconCheck size={12} />
        </ThemeIcon>
      }
    >
      {items.map((key) => (
        <List.Item key={key}>{t(key)}</List.Item>
      ))}
    </List>
  );
};

export const HomeScreen = () => {
  const t = useText();
  const { data: metadata } = useQuery({ ...preLoadSettingsQuery, enabled: false });
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg" py={32} maw={760} id="top">
        <Title order={1}>{metadata?.applicationTitle || t('home.heading')}</Title>
        <Text size="lg" c="dimmed">
          {t('home.body')}
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/login">
            {t('home.login')}
          </Button>
          {metadata?.showHsnSearch !== false ? (
            <Button component={Link} to="/hsn-codes-master" variant="default" data-testid="home-hsn-search">
              {t('home.hsnSearch')}
            </Button>
          ) : null}
        </Group>
      </Stack>

      <Section id={HOME_SECTIONS.keyOfferings} title={t('home.offerings.heading')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="home-offerings">
          {OFFERINGS.map(({ key, image }) => (
            <Paper key={key} withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {t(`home.offerings.${key}.title`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`home.offerings.${key}.body`)}
                </Text>
                <Image
                  src={image}
                  alt={t(`home.offerings.${key}.alt`)}
                  radius="sm"
                  loading="lazy"
                  style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      <Section id={HOME_SECTIONS.features} title={t('home.features.heading')}>
        <Checklist items={FEATURES} testId="home-features" />
      </Section>

      {metadata?.showWhyUsSection ? (
        <Section id={HOME_SECTIONS.whyUs} title={t('home.whyUs.heading')}>
          <Checklist items={WHY_US} testId="home-why-us" />
        </Section>
      ) : null}

      <Section id={HOME_SECTIONS.integrations} title={t('home.integrations.heading')}>
        <Checklist items={INTEGRATIONS} testId="home-integrations" />
      </Section>
    </Container>
  );
};
