import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { preLoadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { HOME_SECTIONS } from './HomeScreen';

// The /home header menu (modules §2.7): Home, the page's sections as anchors (Why us only when showWhyUsSection is
// on) and the HSN/SAC search when showHsnSearch is on. Shown from medium screens; below, the page reads top to bottom.

export const HomeMenu = () => {
  const t = useText();
  const { data: metadata } = useQuery({ ...preLoadSettingsQuery, enabled: false });
  const anchors = [
    { href: '#top', label: t('home.menu.home') },
    { href: `#${HOME_SECTIONS.keyOfferings}`, label: t('home.menu.keyOfferings') },
    { href: `#${HOME_SECTIONS.features}`, label: t('home.menu.features') },
    ...(metadata?.showWhyUsSection ? [{ href: `#${HOME_SECTIONS.whyUs}`, label: t('home.menu.whyUs') }] : []),
    { href: `#${HOME_SECTIONS.integrations}`, label: t('home.menu.integrations') },
  ];
  return (
    <Group component="nav" gap="lg" visibleFrom="md" aria-label={t('home.menu.label')} data-testid="home-menu" style={{ flex: 1 }} px="lg">
      {anchors.map((a) => (
        <Anchor key={a.href} href={a.href} size="sm" c="dark.6">
          {a.label}
        </Anchor>
      ))}
      {metadata?.showHsnSearch !== false ? (
        <Anchor component={Link} to="/hsn-codes-master" size="sm" c="dark.6" data-testid="home-menu-hsn">
          {t('home.menu.hsnSearch')}
        </Anchor>
      ) : null}
    </Group>
  );
};
