import type { DataActivity, ReconciliationRow } from '@opengst/contracts';
import { gstinLocation } from '../../../test/entityFixtures';
import { json, type Call } from '../../../test/screenTestSupport';
import { row, rowDetail, run, runDetail } from '../reconciliationFixtures';
import { ENTITIES, stubReconciliation } from '../reconciliationTestSupport';
import { isUnanswered, isWaiting } from './imsRules';

// The IMS screen's stubbed API: the reconciliation's answers (an IMS run, its rows with the portal's action, the
// recommendation and the push), the user's two locations, and the IMS and data-activities calls.

export const IMS_ENTITIES = [...ENTITIES, gstinLocation(6, '29AAPFU0939F1ZT', 'Bengaluru')];

export const imsRun = (patch: Parameters<typeof run>[0] = {}) => run({ portalSource: 'IMS', ...patch });
export const imsRunDetail = (patch: Parameters<typeof run>[0] = {}) => runDetail({ portalSource: 'IMS', ...patch });

/** A row of an IMS run: the supplier's record with no action at the portal, recommended to be accepted. */
export const imsRow = (patch: Partial<ReconciliationRow> = {}): ReconciliationRow =>
  row({
    imsAction: 'NoAction',
    recommendedAction: 'Accept',
    recommendationReason: 'Matched with your books: accept it so its ITC reaches GSTR-2B.',
    pushStatus: null,
    ...patch,
  });

/** Three records and a books-only row: accept, reject, accept, and nothing to act on. */
export const IMS_ROWS: ReconciliationRow[] = [
  imsRow({ id: 101 }),
  imsRow({
    id: 102,
    status: 'GST only',
    booksNumber: null,
    booksTax: 0,
    portalNumber: 'INV-090',
    recommendedAction: 'Reject',
    recommendationReason: 'Not in your books: reject it unless it is yours.',
    imsAction: 'Pending',
  }),
  imsRow({ id: 103, status: 'Matched', portalNumber: 'INV-002', booksNumber: 'INV-002', imsAction: 'Accepted', action: 'Accept' }),
  imsRow({
    id: 104,
    status: 'PR only',
    portalNumber: null,
    portalTax: 0,
    imsAction: null,
    recommendedAction: null,
    recommendationReason: null,
  }),
];

export const activity = (patch: Partial<DataActivity> = {}): DataActivity => ({
  id: 41,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  kind: 'Sync',
  action: 'IMS',
  returnType: 'IMS',
  returnPeriod: '072025',
  returnId: null,
  status: 'Completed',
  portalReferenceId: null,
  documentCount: 12,
  errorCount: 0,
  message: null,
  userName: 'Asha Rao',
  createdAt: '2025-07-20T09:00:00Z',
  completedAt: '2025-07-20T09:00:05Z',
  ...patch,
});

type ImsAnswers = {
  runs?: ReturnType<typeof run>[];
  rows?: ReconciliationRow[];
  /** The rows with an action, which the count of the waiting actions counts (the server's rule, imsRules); the rows above by default. */
  actionRows?: (call: Call) => ReconciliationRow[];
  activities?: (call: Call) => DataActivity[];
  download?: (call: Call) => Response;
  push?: (call: Call) => Response;
  regenerate?: (call: Call) => Response;
  action?: (call: Call) => Response;
};

/** Is this call the count of the waiting actions? */
export const isWaitingCount = (call: Call): boolean => call.url.includes('/reconciliation/ims/push/count');

export const stubIms = ({
  runs = [imsRun()],
  rows = IMS_ROWS,
  actionRows = () => rows.filter((item) => item.action !== null),
  activities = () => [],
  download,
  push,
  regenerate,
  action,
}: ImsAnswers = {}) =>
  stubReconciliation({
    runs,
    rows,
    details: [imsRunDetail()],
    entities: IMS_ENTITIES,
    ...(action ? { action } : {}),
    extra: (url, call) => {
      if (isWaitingCount(call)) {
        const withAction = actionRows(call);
        return json({ waiting: withAction.filter(isWaiting).length, unanswered: withAction.filter(isUnanswered).length });
      }
      const rowId = /\/reconciliation\/row\?rowId=(\d+)/.exec(url)?.[1];
      if (rowId) return json(rowDetail({ row: rows.find((item) => item.id === Number(rowId)) ?? imsRow() }));
      if (url.includes('/reconciliation/ims/download')) return download ? download(call) : json([activity({ documentCount: 12 })]);
      if (url.includes('/reconciliation/ims/push')) return push ? push(call) : json({ records: 1, gstins: ['27AAPFU0939F1ZV'] });
      if (url.includes('/reconciliation/ims/regenerate-2b'))
        return regenerate ? regenerate(call) : json({ status: 'P', message: 'GSTR-2B generated' });
      if (url.includes('/dataActivity/search')) {
        const items = activities(call);
        const size = (call.body as { size?: number }).size ?? 50;
        return json({ items: items.slice(0, size), totalRecords: items.length });
      }
      return undefined;
    },
  });
