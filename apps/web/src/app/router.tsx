import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { ROUTES, routeByName, type RouteDefinition, type RouteLayout } from '@opengst/contracts';
import { FullPageLoader } from '../shared/FullPageLoader';
import { readAuthToken } from '../api/storage';
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

/**
 * An address no route has: for a signed-in user the 404 screen inside the shell, so the sidebar and the way back stay;
 * for anyone else the public /404 page.
 */
const unknownAddress = (): RouteObject => {
  const notFound = routeByName('NotFound');
  const route: RouteDefinition = { ...notFound, layout: 'default', requiresAuth: true };
  return {
    path: '*',
    handle: { route } satisfies RouteHandle,
    loader: ({ request }) => (readAuthToken() === null ? redirect(notFound.path) : guardRoute(route, request)),
    lazy: async () => ({ Component: await SCREENS.NotFound() }),
  };
};

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
            ...(layout === 'default' ? [unknownAddress()] : []),
          ],
        })),
        { path: routeByName('Validate').path, loader: () => redirect(routeByName('Login').path), Component: FullPageLoader },
      ],
    },
  ];
};
