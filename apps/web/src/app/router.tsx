import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { ROUTES, routeByName, type RouteDefinition, type RouteLayout } from '@opengst/contracts';
import { FullPageLoader } from '../shared/FullPageLoader';
import { guardRoute } from './guard/guardRoute';
import { RootRoute } from './RootRoute';
import { RouteErrorScreen } from './RouteErrorScreen';
import { SCREENS } from './screens';

export type RouteHandle = { route: RouteDefinition };

const LAYOUTS: Record<RouteLayout, () => Promise<ComponentType>> = {
  default: () => import('./layouts/DefaultLayout').then((m) => m.DefaultLayout),
  public: () => import('./layouts/PublicLayout').then((m) => m.PublicLayout),
  login: () => import('./layouts/LoginLayout').then((m) => m.LoginLayout),
  home: () => import('./layouts/HomeLayout').then((m) => m.HomeLayout),
  empty: () => import('./layouts/EmptyLayout').then((m) => m.EmptyLayout),
};

const screenRoute = (route: RouteDefinition, path: string = route.path): RouteObject => ({
  path,
  handle: { route } satisfies RouteHandle,
  loader: ({ request }) => guardRoute(route, request),
  lazy: async () => {
    const load = SCREENS[route.name as keyof typeof SCREENS];
    if (!load) throw new Error(`No screen for route ${route.name}`);
    return { Component: await load() };
  },
});

/** The route table of contracts, restricted to the routes that have a screen, grouped by layout. */
export const buildRoutes = (): RouteObject[] => {
  const built = ROUTES.filter((route) => route.name in SCREENS);
  const layouts = [...new Set(built.map((route) => route.layout))];
  const statistics = routeByName('Statistics');
  return [
    {
      id: 'root',
      Component: RootRoute,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorScreen,
      children: [
        ...layouts.map((layout) => ({
          lazy: async () => ({ Component: await LAYOUTS[layout]() }),
          children: [
            ...built.filter((route) => route.layout === layout).map((route) => screenRoute(route)),
            // Spec core §2: the statistics page is also reached at '/'.
            ...(layout === statistics.layout ? [screenRoute(statistics, '/')] : []),
          ],
        })),
        { path: routeByName('Validate').path, loader: () => redirect(routeByName('Login').path), Component: FullPageLoader },
        { path: '*', loader: () => redirect(routeByName('NotFound').path), Component: FullPageLoader },
      ],
    },
  ];
};
