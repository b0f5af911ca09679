import { Anchor, Breadcrumbs, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useText } from '../../i18n/useText';
import { PRIVACY_POLICY, TERMS_CONDITIONS, WEBSITE_POLICY, type Policy } from './policies';

const PolicyPage = ({ policy }: { policy: Policy }) => {
  const t = useText();
  return (
    <Container size="sm">
      <Stack gap="lg">
        <Breadcrumbs>
          <Anchor component={Link} to="/home" size="sm">
            {t('common.home')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {policy.title}
          </Text>
        </Breadcrumbs>
        <Title order={1} size="h2">
          {policy.title}
        </Title>
        {policy.sections.map((section) => (
          <section key={section.heading}>
            <Title order={2} size="h4" mb={6}>
              {section.heading}
            </Title>
            <Stack gap={8}>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} size="sm" lh={1.65}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </Container>
  );
};

export const WebsitePolicyScreen = () => <PolicyPage policy={WEBSITE_POLICY} />;
export const TermsConditionsScreen = () => <PolicyPage policy={TERMS_CONDITIONS} />;
export const PrivacyPolicyScreen = () => <PolicyPage policy={PRIVACY_POLICY} />;
