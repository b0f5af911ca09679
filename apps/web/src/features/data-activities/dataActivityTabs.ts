import type { DataActivityKind, ProcessingStatus, RightId } from '@opengst/contracts';
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

/** UI.md: green done, amber on the way, red given up or refused, grey not started. */
export const PROCESSING_STATUS_COLOR: Record<ProcessingStatus, string> = {
  Initialized: 'gray',
  InProcess: 'yellow',
  Attempted: 'orange',
  Completed: 'green',
  MaxAttemptReached: 'red',
  Unprocessable: 'red',
  Unhandled: 'red',
  Manual: 'indigo',
};
