import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROUTES, type ResourceKey } from '@opengst/contracts';
import { loadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { routeRightState } from '../../shared/rights';
import { hasScreen } from '../../shared/screenRoutes';

// /masters (spec modules §2.5: the hub, reached by any of eight rights): a tile per master of the route table whose
// screen exists and whose rights the user holds. A master not built yet has no tile, rather than a link to a 404.

const TILE_TEXT: Partial<Record<string, ResourceKey>> = {
  Series: 'masters.tile.Series',
  AllocateSeries: 'masters.tile.AllocateSeries',
  IpAddresses: 'masters.tile.IpAddresses',
  LevelMaster: 'masters.tile.LevelMaster',
  Verticals: 'masters.tile.Verticals',
  NoticeTag: 'masters.tile.NoticeTag',
  BusinessPartners: 'masters.tile.BusinessPartners',
  HsnSac: 'masters.tile.HsnSac',
  DataMapper: 'masters.tile.DataMapper',
  ChartOfAccounts: 'masters.tile.ChartOfAccounts',
  ManageConsultants: 'masters.tile.ManageConsultants',
};

export const MastersScreen = () => {
  const t = useText();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const today = new Date();
  const tiles = ROUTES.filter(
    (route) =>
      route.module === 'Masters' &&
      route.name !== 'Masters' &&
      hasScreen(route.name) &&
      loaded !== undefined &&
      routeRightState(loaded.rights, route.rights, today) === 'granted',
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {tiles.length > 0 ? t('masters.intro') : t('masters.none')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {tiles.map((route) => {
          const text = TILE_TEXT[route.name];
          return (
            <Card
              key={route.name}
              component={Link}
              to={route.path}
              withBorder
              radius="sm"
              padding="sm"
              data-testid={`masters-tile-${route.name}`}
            >
              <Text fw={600} size="sm">
                {route.title}
              </Text>
              {text ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t(text)}
                </Text>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
};
