import type { RunDetail, UserEntity } from '@opengst/contracts';
import { BUSINESS, MUMBAI } from '../../test/entityFixtures';
import { json, stubApi, type Call } from '../../test/screenTestSupport';
import { document, INSIGHTS, MATCHED_ROW, page, row, rowDetail, run, runDetail } from './reconciliationFixtures';

// The reconciliation screens' stubbed API and helpers for the component tests.

export const ENTITIES: UserEntity[] = [BUSINESS, MUMBAI];

type Answers = {
  /** Answers first when it answers (a test's own documents, links, vendors). */
  extra?: (url: string, call: Call) => Response | undefined;
  runs?: ReturnType<typeof run>[];
  rows?: ReturnType<typeof row>[];
  details?: RunDetail[];
  action?: (call: Call) => Response;
  /** The user's locations (/user/entities); a business and one location by default. */
  entities?: unknown[];
};

/** Answers every reconciliation call; run details in turn (then the last again). */
export const stubReconciliation = ({
  runs = [run()],
  rows = [row(), MATCHED_ROW],
  details = [runDetail()],
  action,
  extra,
  entities = ENTITIES,
}: Answers = {}) => {
  let detailCalls = 0;
  return stubApi((url, call) => {
    const answered = extra?.(url, call);
    if (answered) return answered;
    if (url.includes('/user/entities')) return json(entities);
    if (url.includes('/reconciliation/runs/search')) return json({ items: runs, totalRecords: runs.length });
    if (url.endsWith('/reconciliation/runs'))
      return json(run({ id: 8, status: 'YetNotStarted', done: 0, total: 0, rows: 0, finishedAt: null }));
    if (url.includes('/reconciliation/run?')) return json(details[Math.min(detailCalls++, details.length - 1)]);
    if (url.includes('/reconciliation/rows/search')) return json(page(rows));
    if (url.includes('/reconciliation/row?')) return json(rowDetail());
    if (url.includes('/reconciliation/vendors/search'))
      return json(page([], { booksTax: 0, portalTax: 0, itcAtRisk: 0, itcNotInBooks: 0 }));
    if (url.includes('/reconciliation/documents/search')) return json(page([document()], { taxable: 0, tax: 0 }));
    if (url.includes('/reconciliation/filing/search')) return json(page([], { documents: 0, tax: 0 }));
    if (url.includes('/reconciliation/insights')) return json(INSIGHTS);
    if (url.includes('/reconciliation/action'))
      return action ? action(call) : json({ affected: 1, needsConfirmation: null, skipped: 0, skippedReason: null });
    return json([]);
  });
};

/** A busy machine draws the first screen slowly. */
export const LOADED = { timeout: 8000 };
