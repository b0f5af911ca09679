import { HOME_ROUTE, ROUTES, type RightItem, type RouteDefinition, type RouteName } from '@opengst/contracts';
import { isHiddenPremium, routeRightState } from '../../shared/rights';

// The navigation guard of spec core §2 as a pure decision. The router's loaders gather the state and apply it.

export type NavigationState = {
  isLoggedIn: boolean;
  /** The server ended this tab's session (401 AUTH0013) and the user has not signed in since. */
  sessionEnded: boolean;
  isUnderMaintenance: boolean;
  rights: readonly RightItem[];
  /** The user can access at least one Location or ChildLocation. */
  hasLocation: boolean;
  today: Date;
  /** On Login: the route named by the e-invoicing redirect query, if any. */
  redirectRouteName: string | null;
};

export type NavigationDecision = { allow: true } | { redirect: RouteName };

const isRouteName = (name: string): name is RouteName => ROUTES.some((route) => route.name === name);

export const decideNavigation = (route: RouteDefinition, state: NavigationState): NavigationDecision => {
  // Spec core §8: an expired session goes to Login (a reload of the page it was on included); a visitor to Home.
  if (route.requiresAuth && !state.isLoggedIn) return { redirect: state.sessionEnded ? 'Login' : 'Home' };

  if (route.name === 'Login' && state.isLoggedIn) {
    const named = state.redirectRouteName;
    return { redirect: named && isRouteName(named) && named !== 'Login' ? named : HOME_ROUTE };
  }

  if (!route.requiresAuth) return { allow: true };

  if (state.isUnderMaintenance) return { redirect: 'UnderMaintenance' };

  if (route.rights.length > 0) {
    // A premium feature hidden from this subscriber does not exist for them: 404, not "no rights".
    if (route.rights.every((rightId) => isHiddenPremium(state.rights, rightId))) return { redirect: 'NotFound' };
    const visibleRights = route.rights.filter((rightId) => !isHiddenPremium(state.rights, rightId));
    if (routeRightState(state.rights, visibleRights, state.today) !== 'granted') return { redirect: 'NoRightsAssigned' };
  }

  if (route.entityScoped && !state.hasLocation) return { redirect: 'NoLocation' };

  return { allow: true };
};
