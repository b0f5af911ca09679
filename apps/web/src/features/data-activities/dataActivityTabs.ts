import type { DataActivityKind, RightId } from '@opengst/contracts';
import type { TextKey } from '../../i18n/useText';

// The three lists of /data-activities (spec core §2 "Data activities"), each behind its own right.

export type DataActivityTab = { kind: DataActivityKind; right: RightId; label: TextKey; empty: TextKey };

export const DATA_ACTIVITY_TABS: readonly DataActivityTab[] = [
  { kind: 'Push', right: 'DataActivitiesPush', label: 'dataActivities.tab.Push', empty: 'dataActivities.empty.Push' },
  { kind: 'Sync', right: 'DataActivitiesSync', label: 'dataActivities.tab.Sync', empty: 'dataActivities.empty.Sync' },
  { kind: 'Callback', right: 'DataActivitiesCallbacks', label: 'dataActivities.tab.Callback', empty: 'dataActivities.empty.Callback' },
];

/** The tabs the user holds the right of, in the spec's order. */
export const visibleTabs = (rights: Partial<Record<RightId, boolean>>): DataActivityTab[] =>
  DATA_ACTIVITY_TABS.filter((tab) => rights[tab.right] === true);
