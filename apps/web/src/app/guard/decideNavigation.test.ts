import { describe, expect, it } from 'vitest';
import { routeByName, type RightItem } from '@opengst/contracts';
import { decideNavigation, type NavigationState } from './decideNavigation';

const today = new Date(2026, 10, 20);
const right = (rightId: string, overrides: Partial<RightItem> = {}): RightItem => ({
  rightId,
  hasAccess: true,
  trialExpiry: null,
  isBlocked: false,
  isPremium: false,
  isHidden: false,
  ...overrides,
});
const signedIn: NavigationState = {
  isLoggedIn: true,
  sessionEnded: false,
  isUnderMaintenance: false,
  rights: [right('DashboardStatistics'), right('ImportView'), right('AdminMailOutbox')],
  hasLocation: true,
  today,
  redirectRouteName: null,
};
const signedOut: NavigationState = { ...signedIn, isLoggedIn: false, rights: [] };

describe('decideNavigation (spec core §2 "Navigation guard")', () => {
  it('sends a logged-out user opening an auth route to Home', () => {
    expect(decideNavigation(routeByName('Statistics'), signedOut)).toEqual({ redirect: 'Home' });
    expect(decideNavigation(routeByName('NoLocation'), signedOut)).toEqual({ redirect: 'Home' });
  });

  it('sends a user whose session the server ended to Login, from any auth route, and lets them open Login', () => {
    const ended = { ...signedOut, sessionEnded: true };
    expect(decideNavigation(routeByName('Statistics'), ended)).toEqual({ redirect: 'Login' });
    expect(decideNavigation(routeByName('NoLocation'), ended)).toEqual({ redirect: 'Login' });
    expect(decideNavigation(routeByName('Login'), ended)).toEqual({ allow: true });
  });

  it('lets a logged-out user open public routes', () => {
    expect(decideNavigation(routeByName('Login'), signedOut)).toEqual({ allow: true });
    expect(decideNavigation(routeByName('PrivacyPolicy'), signedOut)).toEqual({ allow: true });
  });

  it('sends a logged-in user opening Login to the home route', () => {
    expect(decideNavigation(routeByName('Login'), signedIn)).toEqual({ redirect: 'Statistics' });
  });

  it('sends a logged-in user opening Login to the route named by the e-invoicing redirect query', () => {
    expect(decideNavigation(routeByName('Login'), { ...signedIn, redirectRouteName: 'MailOutbox' })).toEqual({ redirect: 'MailOutbox' });
  });

  it('ignores an unknown redirect route name', () => {
    expect(decideNavigation(routeByName('Login'), { ...signedIn, redirectRouteName: 'NoSuchRoute' })).toEqual({ redirect: 'Statistics' });
  });

  it('sends auth routes to UnderMaintenance while under maintenance, but not public ones', () => {
    const state = { ...signedIn, isUnderMaintenance: true };
    expect(decideNavigation(routeByName('Statistics'), state)).toEqual({ redirect: 'UnderMaintenance' });
    expect(decideNavigation(routeByName('UnderMaintenance'), state)).toEqual({ allow: true });
    expect(decideNavigation(routeByName('PrivacyPolicy'), state)).toEqual({ allow: true });
  });

  it('sends a route whose listed rights are all denied to NoRightsAssigned', () => {
    expect(decideNavigation(routeByName('Entities'), signedIn)).toEqual({ redirect: 'NoRightsAssigned' });
  });

  it.each([
    ['no entry', []],
    ['hasAccess false', [right('AdminMailOutbox', { hasAccess: false })]],
    ['trial expired', [right('AdminMailOutbox', { trialExpiry: '19-11-2026' })]],
    ['blocked', [right('AdminMailOutbox', { isBlocked: true })]],
  ])('denies a right with %s', (_case, rights) => {
    expect(decideNavigation(routeByName('MailOutbox'), { ...signedIn, rights })).toEqual({ redirect: 'NoRightsAssigned' });
  });

  it('allows a route when any one of its rights is held', () => {
    const rights = [right('DashboardCfo', { hasAccess: false }), right('DashboardStatistics', { trialExpiry: '20-11-2026' })];
    expect(decideNavigation(routeByName('Statistics'), { ...signedIn, rights })).toEqual({ allow: true });
  });

  it('sends a route whose premium rights are hidden to the 404 page', () => {
    const rights = [right('DashboardCfo', { isPremium: true, isHidden: true })];
    expect(decideNavigation(routeByName('CfoDashboard'), { ...signedIn, rights })).toEqual({ redirect: 'NotFound' });
  });

  it('does not treat a hidden premium right as a way in', () => {
    const rights = [right('DashboardStatistics', { hasAccess: false }), right('DashboardCfo', { isPremium: true, isHidden: true })];
    expect(decideNavigation(routeByName('Statistics'), { ...signedIn, rights })).toEqual({ redirect: 'NoRightsAssigned' });
  });

  it('sends an entity-scoped route to NoLocation when the user has no location', () => {
    expect(decideNavigation(routeByName('Import'), { ...signedIn, hasLocation: false })).toEqual({ redirect: 'NoLocation' });
    expect(decideNavigation(routeByName('Import'), signedIn)).toEqual({ allow: true });
  });

  it('checks rights before locations', () => {
    expect(decideNavigation(routeByName('EInvoice'), { ...signedIn, hasLocation: false })).toEqual({ redirect: 'NoRightsAssigned' });
  });

  it('allows the shell pages that need no right', () => {
    expect(decideNavigation(routeByName('NoRightsAssigned'), { ...signedIn, rights: [], hasLocation: false })).toEqual({ allow: true });
    expect(decideNavigation(routeByName('NoLocation'), { ...signedIn, rights: [], hasLocation: false })).toEqual({ allow: true });
  });
});
