import { redirect } from 'react-router';
import { routeByName, type RouteDefinition, type UserEntity } from '@opengst/contracts';
import { ApiError } from '../../api/http';
import { queryClient } from '../../api/queryClient';
import { ensurePreResources, ensureSessionData, type SessionData } from '../../api/sessionData';
import { clearLocalData, isUnderMaintenance, readAuthToken, sessionEndedMessage } from '../../api/storage';
import { REDIRECT_QUERY } from '../../shared/redirectQuery';
import { decideNavigation } from './decideNavigation';

/** A slow metadata call must not hold the sign-in page: it renders and picks the answer up when it comes. */
const PRE_RESOURCES_WAIT_MS = 3000;

const hasAccessibleLocation = (entities: readonly UserEntity[]): boolean =>
  entities.some((entity) => entity.entityType !== 'Business' && entity.hasAccess);

const loadSession = async (): Promise<SessionData> => {
  try {
    return await ensureSessionData(queryClient);
  } catch (error) {
    // The HTTP client has already flagged maintenance, cleared an expired session and shown the toast.
    if (isUnderMaintenance()) throw redirect(routeByName('UnderMaintenance').path);
    if (error instanceof ApiError && error.status === 401) {
      clearLocalData();
      queryClient.clear();
      throw redirect(routeByName('Login').path);
    }
    throw error;
  }
};

/** The loader of every registered route: loads master data, then applies the guard's decision. */
export const guardRoute = async (route: RouteDefinition, request: Request): Promise<null> => {
  if (route.preResources) {
    await Promise.race([ensurePreResources(queryClient), new Promise((resolve) => setTimeout(resolve, PRE_RESOURCES_WAIT_MS))]);
  }
  const isLoggedIn = readAuthToken() !== null;
  const session = isLoggedIn && route.requiresAuth && !isUnderMaintenance() ? await loadSession() : null;
  const decision = decideNavigation(route, {
    isLoggedIn,
    sessionEnded: sessionEndedMessage() !== null,
    isUnderMaintenance: isUnderMaintenance(),
    rights: session?.loaded.rights ?? [],
    hasLocation: session ? hasAccessibleLocation(session.entities) : false,
    today: new Date(),
    redirectRouteName: new URL(request.url).searchParams.get(REDIRECT_QUERY),
  });
  if ('redirect' in decision) throw redirect(routeByName(decision.redirect).path);
  return null;
};
