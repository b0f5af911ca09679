import type { DataActivity, ReconciliationRow, RowAction } from '@opengst/contracts';
import type { TextKey, Translate } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';

// What the IMS screen reads from rows and download records (spec GST-RULES-DETAIL §2: Accept, Reject, Pending; the
// portal's own words for what it holds: Accepted, Rejected, Pending, NoAction).

/** The actions IMS takes, the only ones the IMS screen offers. */
export const IMS_ACTIONS = ['Accept', 'Reject', 'Pending'] as const satisfies readonly RowAction[];

/** How the portal names the state an action leads to. */
const AT_PORTAL: Record<RowAction, string> = { Accept: 'Accepted', Reject: 'Rejected', Pending: 'Pending' };

/** The push statuses the server writes besides its refusals in words ('Refused: …', 'Not sent: …'). */
export const PUSHED = 'Pushed';
/** A push's job is sending the action now: no other push takes it meanwhile. */
export const SENDING = 'Sending';

type PushFields = Pick<ReconciliationRow, 'action' | 'imsAction' | 'pushStatus'>;

/** The portal holds the row's action: it was pushed, or the portal already had it. */
export const isAtPortal = (row: PushFields): boolean =>
  row.action !== null && (row.pushStatus === PUSHED || row.imsAction === AT_PORTAL[row.action]);

const isNotAtPortal = (row: PushFields): boolean => row.action !== null && !isAtPortal(row);

/**
 * An action a push would send: the portal does not have it, and no push is sending it now (never sent since it was
 * set, or refused or not sent last time).
 */
export const isWaiting = (row: PushFields): boolean => isNotAtPortal(row) && row.pushStatus !== SENDING;

/** An action not at the portal with no outcome yet: not sent, or being sent. A push is followed until none is left. */
export const isUnanswered = (row: PushFields): boolean => isNotAtPortal(row) && (row.pushStatus === null || row.pushStatus === SENDING);

/** The portal's action in words; a value this screen does not know shows as it came. */
export const imsActionText = (t: Translate, imsAction: string): string => {
  const key = `reconciliation.imsAction.${imsAction}` as TextKey;
  const text = t(key);
  return text === key ? imsAction : text;
};

/** UI.md status colours: green accepted, red rejected, amber pending, grey no action. */
export const IMS_ACTION_COLOR: Record<string, string> = { Accepted: 'green', Rejected: 'red', Pending: 'yellow', NoAction: 'gray' };

/**
 * The selected rows by their recommended action, in the order Accept, Reject, Pending (one action call each), and how
 * many have no recommendation (books-only rows: nothing in IMS to act on).
 */
export const byRecommendation = (
  rows: readonly Pick<ReconciliationRow, 'id' | 'recommendedAction'>[],
): { groups: { action: RowAction; rowIds: number[] }[]; without: number } => {
  const groups = IMS_ACTIONS.map((action) => ({
    action,
    rowIds: rows.filter((row) => row.recommendedAction === action).map((row) => row.id),
  })).filter((group) => group.rowIds.length > 0);
  return { groups, without: rows.filter((row) => row.recommendedAction === null).length };
};

/** A download record in words: how many records came, still working, or why not. */
export const downloadOutcome = (t: Translate, activity: DataActivity): { text: string; tone: 'done' | 'working' | 'failed' } => {
  const vars = { gstin: activity.gstin, n: formatCount(activity.documentCount), message: activity.message ?? '' };
  switch (activity.status) {
    case 'Completed':
      return { text: t(activity.message ? 'reconciliation.ims.downloadedWithNote' : 'reconciliation.ims.downloaded', vars), tone: 'done' };
    case 'Initialized':
    case 'InProcess':
    case 'Attempted':
      return { text: t('reconciliation.ims.downloading', vars), tone: 'working' };
    default:
      return { text: t('reconciliation.ims.downloadFailed', vars).trim(), tone: 'failed' };
  }
};

/** What a data activity of the IMS screen was, in words ("IMS downloaded", "GSTR-2B recomputed"). */
export const activityText = (t: Translate, activity: Pick<DataActivity, 'kind' | 'action'>): string => {
  const key = `reconciliation.ims.activity.${activity.kind}.${activity.action}` as TextKey;
  const text = t(key);
  return text === key ? activity.action : text;
};
