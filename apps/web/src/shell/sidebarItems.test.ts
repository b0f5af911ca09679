import { describe, expect, it } from 'vitest';
import { SIDEBAR, type RightItem, type SidebarItem } from '@opengst/contracts';
import { buildSidebar, type SidebarContext } from './sidebarItems';

const right = (rightId: string, overrides: Partial<RightItem> = {}): RightItem => ({
  rightId,
  hasAccess: true,
  trialExpiry: null,
  isBlocked: false,
  isPremium: false,
  isHidden: false,
  ...overrides,
});
const context = (overrides: Partial<SidebarContext> = {}): SidebarContext => ({
  rights: [right('DashboardStatistics'), right('EntityView'), right('UserView', { hasAccess: false })],
  today: new Date(2026, 10, 20),
  hiddenKeys: [],
  subscriberSettings: { showIMS: true, litigationSync: false },
  hideNotAllowed: false,
  hasScreen: () => true,
  ...overrides,
});

describe('buildSidebar', () => {
  it('links only routes that have a screen in this build', () => {
    const entries = buildSidebar(SIDEBAR, context({ hasScreen: (name) => name === 'Statistics' }));
    expect(entries.map((entry) => entry.key)).toEqual(['dashboard']);
    expect(entries[0]).toMatchObject({ path: '/quick-access-and-statistics', state: 'granted' });
  });

  it('keeps denied items with the reason, or hides them when hideNotAllowedFunctionality is on', () => {
    const organization = buildSidebar(SIDEBAR, context()).find((entry) => entry.key === 'organization');
    expect(organization?.children.find((child) => child.key === 'Users')?.state).toBe('noAccess');
    expect(organization?.children.find((child) => child.key === 'Branches')?.state).toBe('notSubscribed');
    const hidden = buildSidebar(SIDEBAR, context({ hideNotAllowed: true })).find((entry) => entry.key === 'organization');
    expect(hidden?.children.map((child) => child.key)).toEqual(['Entities']);
  });

  it('drops items hidden by sidemenuConfig and items whose setting is off', () => {
    const items: SidebarItem[] = [
      { key: 'a', label: 'IMS', route: 'InvoiceManagementSystem', setting: 'showIMS' },
      { key: 'b', label: 'Lit', route: 'LitigationDashboard', setting: 'litigationSync' },
      { key: 'c', label: 'Dash', route: 'Statistics' },
    ];
    expect(buildSidebar(items, context()).map((entry) => entry.key)).toEqual(['a', 'c']);
    expect(
      buildSidebar(items, context({ hiddenKeys: ['c'], subscriberSettings: { showIMS: false, litigationSync: true } })).map(
        (entry) => entry.key,
      ),
    ).toEqual(['b']);
  });

  it('shows the litigation dashboard only while the litigation-sync setting is on (spec core §2)', () => {
    const rights = [right('DashboardStatistics'), right('DashboardLitigation')];
    const keys = (litigationSync: boolean) =>
      buildSidebar(SIDEBAR, context({ rights, subscriberSettings: { showIMS: true, litigationSync } })).map((entry) => entry.key);
    expect(keys(false)).not.toContain('litigationDashboard');
    const on = buildSidebar(SIDEBAR, context({ rights, subscriberSettings: { showIMS: true, litigationSync: true } }));
    expect(on.find((entry) => entry.key === 'litigationDashboard')).toMatchObject({ path: '/litigation-dashboard', state: 'granted' });
  });

  it('drops items whose premium rights are hidden, and parents left without children', () => {
    const items: SidebarItem[] = [{ key: 'p', label: 'P', children: [{ key: 'cfo', label: 'CFO', route: 'CfoDashboard' }] }];
    expect(buildSidebar(items, context({ rights: [right('DashboardCfo', { isPremium: true, isHidden: true })] }))).toEqual([]);
  });
});
