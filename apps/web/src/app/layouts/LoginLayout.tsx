import { Anchor, Box, Divider, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { preLoadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { PublicFooter } from '../../shell/PublicFooter';
import { LoginCarousel } from './LoginCarousel';
import classes from './LoginLayout.module.css';

/** Login, forgot, reset: the product panel with carousel and contact details beside the form. */
export const LoginLayout = () => {
  const t = useText();
  const { data: metadata } = useQuery({ ...preLoadSettingsQuery, enabled: false });
  const supportEmail = t('contact.email');
  return (
    <div className={classes.page}>
      <aside className={classes.panel}>
        <Stack gap="xl" maw={440}>
          <div>
            <Title order={1} size="h2" c="indigo.8">
              {metadata?.applicationTitle || 'OpenGST'}
            </Title>
            {metadata?.applicationSubTitle ? (
              <Text c="dimmed" size="sm">
                {metadata.applicationSubTitle}
              </Text>
            ) : null}
          </div>
          <LoginCarousel />
          <Divider />
          <Box component="section" aria-labelledby="contact-heading">
            <Text id="contact-heading" fw={600} size="sm">
              {t('contact.heading')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('contact.body')}
            </Text>
            {supportEmail ? (
              <Anchor href={`mailto:${supportEmail}`} size="sm">
                {supportEmail}
              </Anchor>
            ) : null}
          </Box>
        </Stack>
      </aside>
      <div className={classes.formColumn}>
        <main className={classes.formArea}>
          <Outlet />
        </main>
        <PublicFooter />
      </div>
    </div>
  );
};
