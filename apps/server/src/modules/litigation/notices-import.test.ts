import { IMPORT_API as I, IMPORT_COLUMNS, NOTICE_API as N } from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, noticeEvents, notices } from '../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, importFile } from '../../test-support/import-fixtures';
import { type ApiClient, openSignedIn } from '../../test-support/org-fixtures';

// The notices import (issue 23): rows become notices of the locations their GSTIN names, with the due date of the
// form's window when none is stated; a planted bad row is on the errors list with its row and column; a row imported
// again updates its notice and keeps its stage.

const fileOf = (rows: Record<string, string>[]) =>
  csvOf([IMPORT_COLUMNS.Notices.map((c) => c.name), ...rows.map((r) => IMPORT_COLUMNS.Notices.map((c) => r[c.key] ?? ''))]);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

describe.each(ENGINES)('the notices import on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let token: string;
  let gstin: string;

  beforeAll(async () => {
    ({ h, t, api, token } = await openSignedIn(engine));
    const [delhi] = await h.ctx.database.db
      .select({ gstin: entities.gstin })
      .from(entities)
      .where(eq(entities.id, t.entityIds[1] ?? 0));
    gstin = delhi?.gstin ?? '';
  });
  afterAll(async () => {
    await h.close();
  });

  it('imports the valid rows with their due dates, and lists the planted error with its row', async () => {
    const issued = addDays(istDateOf(h.ctx.now()), -3);
    const file = fileOf([
      {
        gstin,
        form: 'ASMT-10',
        referenceNumber: 'ZA-IMP-1',
        issuedOn: ddmmyyyy(issued),
        financialYears: '2023-24; 2022-23',
        taxCgst: '45,000.50',
        taxSgst: '45000.50',
      },
      // Planted: a probable outflow without its amount.
      { gstin, form: 'DRC-01', referenceNumber: 'SCN-IMP-2', issuedOn: ddmmyyyy(issued), contingentClass: 'Probable' },
      { gstin, form: 'DRC-01', referenceNumber: 'SCN-IMP-3', issuedOn: ddmmyyyy(issued), statedDueOn: ddmmyyyy(addDays(issued, 30)) },
    ]);
    const { importId, progress } = await importFile(h, token, 'notices.csv', file, 'Notices');
    expect(progress.status).toBe('SuccessWithError');
    const errors = (await api.post(I.errors, { importId, size: 100 })).json().data.items as {
      row: number;
      column: string;
      message: string;
    }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([[3, 'Amount at stake']]);
    expect(errors[0]?.message).toContain('Ind AS 37');

    const listed = (await api.post(N.noticeSearch, { start: 0, size: 10, sortExpression: 'referenceNumber ASC' })).json().data.items as {
      referenceNumber: string;
      dueOn: string;
      dueBasis: string;
      totalDemand: number;
      source: string;
    }[];
    expect(listed.map((n) => [n.referenceNumber, n.dueOn, n.dueBasis, n.totalDemand, n.source])).toEqual([
      // Rule 99(2): 30 days from the ASMT-10.
      ['SCN-IMP-3', addDays(issued, 30), 'notice', 0, 'Import'],
      ['ZA-IMP-1', addDays(issued, 30), 'Rule 99(2)', 9_000_100, 'Import'],
    ]);
    const [asmt] = await h.ctx.database.db.select().from(notices).where(eq(notices.referenceNumber, 'ZA-IMP-1'));
    expect(asmt?.financialYears).toEqual(['2022-23', '2023-24']);
    const summary = await api.get(I.summary, { importId });
    expect(summary.json().data).toMatchObject({ errors: 1 });

    // Imported again with a changed demand: updated, stage kept, the timeline says so.
    await h.ctx.database.db
      .update(notices)
      .set({ stage: 'UnderReview' })
      .where(eq(notices.id, asmt?.id ?? 0));
    const again = await importFile(
      h,
      token,
      'notices-again.csv',
      fileOf([{ gstin, form: 'ASMT-10', referenceNumber: 'ZA-IMP-1', issuedOn: ddmmyyyy(issued), taxCgst: '50000', taxSgst: '50000' }]),
      'Notices',
    );
    expect(again.progress.status).toBe('Success');
    const [updated] = await h.ctx.database.db
      .select()
      .from(notices)
      .where(eq(notices.id, asmt?.id ?? 0));
    expect(updated).toMatchObject({ stage: 'UnderReview', taxCgst: 5_000_000, taxSgst: 5_000_000 });
    const events = await h.ctx.database.db
      .select({ action: noticeEvents.action, note: noticeEvents.note })
      .from(noticeEvents)
      .where(and(eq(noticeEvents.noticeId, asmt?.id ?? 0)));
    expect(events.map((e) => e.action)).toEqual(['Created', 'Edited']);
    expect(events[1]?.note).toBe(`Updated by import ${again.importId}`);
  });

  it("refuses a GSTIN that is not one of the user's locations", async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'foreign.csv',
      fileOf([{ gstin: '27AAACT9999F1Z1', form: 'ASMT-10', referenceNumber: 'X-1', issuedOn: '01-04-2026' }]),
      'Notices',
    );
    expect(progress.status).toBe('Failed');
    const errors = (await api.post(I.errors, { importId, size: 100 })).json().data.items as { column: string; message: string }[];
    expect(errors[0]?.message).toContain('is not one of the locations you may reach');
  });
});
