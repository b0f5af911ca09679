import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { loadSettingsQuery, preLoadSettingsQuery } from '../api/sessionData';
import type { RouteHandle } from './router';

/** The matched route's title from the route table, with the tenant's application title. */
export const useCurrentRoute = (): RouteHandle['route'] | null => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return null;
};

export const useDocumentTitle = (): void => {
  const route = useCurrentRoute();
  const { data: metadata } = useQuery({ ...preLoadSettingsQuery, enabled: false });
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const applicationTitle = loaded?.settings.applicationTitle || metadata?.applicationTitle || 'OpenGST';
  useEffect(() => {
    document.title = route ? `${route.title} · ${applicationTitle}` : applicationTitle;
  }, [route, applicationTitle]);
};
