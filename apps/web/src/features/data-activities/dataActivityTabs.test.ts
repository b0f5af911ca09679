import { describe, expect, it } from 'vitest';
import { visibleTabs } from './dataActivityTabs';

describe('visibleTabs', () => {
  it('shows each list only with its right, in the spec order', () => {
    expect(
      visibleTabs({ DataActivitiesPush: true, DataActivitiesSync: true, DataActivitiesCallbacks: true }).map((tab) => tab.kind),
    ).toEqual(['Push', 'Sync', 'Callback']);
    expect(
      visibleTabs({ DataActivitiesPush: false, DataActivitiesSync: true, DataActivitiesCallbacks: false }).map((tab) => tab.kind),
    ).toEqual(['Sync']);
    expect(visibleTabs({ DataActivitiesCallbacks: true }).map((tab) => tab.kind)).toEqual(['Callback']);
    expect(visibleTabs({})).toEqual([]);
  });
});
