import { describe, expect, it } from 'vitest';
import { moduleTickState, toggleModule, toggleRight, type ModuleRights } from './rightsSelection';

const organization: ModuleRights = {
  module: 'Organization',
  rights: [
    { rightId: 'EntityView', name: 'View entities', isPremium: false, subscribed: true },
    { rightId: 'EntityManage', name: 'Create and edit entities', isPremium: false, subscribed: true },
    { rightId: 'DashboardCfo', name: 'CFO dashboard', isPremium: true, subscribed: false },
  ],
};

describe('rights tree selection', () => {
  it('ticks only the subscribed rights of a module, and unticks them again', () => {
    const ticked = toggleModule(organization, new Set());
    expect([...ticked].sort()).toEqual(['EntityManage', 'EntityView']);
    expect(moduleTickState(organization, ticked)).toBe('all');
    expect(toggleModule(organization, ticked).size).toBe(0);
  });

  it('shows a module half-ticked with one right', () => {
    const one = toggleRight('EntityView', new Set());
    expect(moduleTickState(organization, one)).toBe('some');
    expect(toggleRight('EntityView', one).size).toBe(0);
  });
});
