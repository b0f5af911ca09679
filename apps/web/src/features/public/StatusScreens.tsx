import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { IconBan, IconError404, IconLock } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import { StatusPage } from '../../shared/StatusPage';

const HomeButton = () => {
  const t = useText();
  return (
    <Button component={Link} to="/home" variant="default">
      {t('common.home')}
    </Button>
  );
};

export const NotFoundScreen = () => {
  const t = useText();
  return (
    <StatusPage icon={<IconError404 size={32} />} heading={t('notFound.heading')} body={t('notFound.body')}>
      <HomeButton />
    </StatusPage>
  );
};

export const UnauthorizedScreen = () => {
  const t = useText();
  return (
    <StatusPage icon={<IconLock size={30} />} color="red" heading={t('unauthorized.heading')} body={t('unauthorized.body')}>
      <Button component={Link} to="/login" variant="default">
        {t('common.goToLogin')}
      </Button>
    </StatusPage>
  );
};

export const Error400Screen = () => {
  const t = useText();
  return (
    <StatusPage icon={<IconBan size={30} />} color="red" heading={t('error400.heading')} body={t('error400.body')}>
      <HomeButton />
    </StatusPage>
  );
};
