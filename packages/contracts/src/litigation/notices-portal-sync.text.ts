// UI text of the notice register's sync from the GST portal (/litigation-management; issue 23), English.
export const NOTICE_PORTAL_SYNC_TEXT = {
  'noticeSync.action': 'Sync from GST portal',
  'noticeSync.title': 'Sync notices from the GST portal',
  'noticeSync.intro':
    'Reads the notices and orders the GST portal shows each chosen GSTIN (View Additional Notices and Orders) and adds them to the register. A notice already here keeps its stage, notes and assignment: only what the portal says is updated.',
  'noticeSync.gstins': 'GSTINs',
  'noticeSync.gstinsHint': 'Each GSTIN needs an active GST portal session (sign in from a return first).',
  'noticeSync.start': 'Sync',
  'noticeSync.close': 'Close',
  'noticeSync.progress': 'Syncing {done} of {total}…',
  'noticeSync.done': 'Sync finished',
  'noticeSync.result': '{received} read: {created} new, {updated} updated, {unchanged} unchanged',
  'noticeSync.failed': 'Not synced',
  'noticeSync.sourcePortal': 'Portal',
  'noticeSync.sourceImport': 'Import',
} as const;

export type NoticePortalSyncTextKey = keyof typeof NOTICE_PORTAL_SYNC_TEXT;
/** The text of `key` with its {placeholders} filled. */
export const noticePortalSyncText = (key: NoticePortalSyncTextKey, values: Record<string, string | number> = {}): string =>
  NOTICE_PORTAL_SYNC_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
