import { IconMapPinOff, IconShieldOff } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import { StatusPage } from '../../shared/StatusPage';

// Where the guard sends a signed-in user who may not open a screen (spec core §2): no location to work in, or no
// right for the screen.

export const NoLocationScreen = () => {
  const t = useText();
  return <StatusPage icon={<IconMapPinOff size={30} />} color="yellow" heading={t('noLocation.heading')} body={t('noLocation.body')} />;
};

export const NoRightsScreen = () => {
  const t = useText();
  return <StatusPage icon={<IconShieldOff size={30} />} color="yellow" heading={t('noRights.heading')} body={t('noRights.body')} />;
};
