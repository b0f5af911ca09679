// GSTR-1 of a large period: the generation reads the documents in batches and stays proportionate to the domain's
// builder (the gstr1 bench builds 500,000 invoices in about 4 s). 40,000 invoices with their items are written with
// one statement each, generated through the API, and checked against the summary and the drill-down.
import { RETURN_API as R } from '@opengst/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf } from '../../../test-support/org-fixtures';
import { generate, PERIOD, TN_CUSTOMER } from '../../../test-support/return-fixtures';

const N = 40_000;

describe.each(ENGINES)(`GSTR-1 of ${N} invoices on %s`, (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let delhi: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    delhi = tenant.entityIds[1] ?? 0;
    const { db } = h.ctx.database;
    // Even numbers to a registered buyer (b2b), odd ones to unregistered buyers below the B2C-large threshold (b2cs).
    await db.execute(sql`insert into documents (subscriber_id, entity_id, direction, financial_year, return_period, document_type, document_number,
        document_date, counterparty_gstin, place_of_supply, taxable, igst, document_value, source)
      select ${tenant.subscriberId}, ${delhi}, 'Sales', '2024-25', ${PERIOD}, 'INV', 'SC/' || g, '2024-08-' || lpad(((g % 28) + 1)::text, 2, '0'),
        case when g % 2 = 0 then ${TN_CUSTOMER} else '' end, '33', 100000, 18000, 118000, 'Import'
      from generate_series(1, ${N}) as g`);
    await db.execute(sql`insert into document_items (document_id, line_number, hsn, uqc, quantity, rate, taxable, igst)
      select id, 1, '84713010', 'NOS', 1000, 18000, 100000, 18000 from documents where entity_id = ${delhi}`);
  }, 300_000);
  afterAll(async () => {
    await h.close();
  });

  it('generates in proportion and the drill-down holds every document', async () => {
    const api = clientOf(h, await signIn(h.app, tenant));
    const started = Date.now();
    const detail = await generate(api, delhi, 'GSTR1', PERIOD);
    const seconds = (Date.now() - started) / 1000;
    console.info(`[returns-scale ${engine}] ${N} invoices generated in ${seconds.toFixed(1)} s`);
    expect(detail.generationStatus, detail.generationMessage ?? '').toBe('Completed');
    expect(detail.documentCount).toBe(N);
    const b2b = detail.summary.find((s) => s.section === 'b2b');
    const b2cs = detail.summary.find((s) => s.section === 'b2cs');
    expect([b2b?.records, b2b?.taxable, b2b?.igst]).toEqual([N / 2, (N / 2) * 100_000, (N / 2) * 18_000]);
    expect([b2cs?.records, b2cs?.taxable]).toEqual([1, (N / 2) * 100_000]);
    const drill = (await api.post(R.sectionSearch, { id: detail.id, section: 'b2cs', size: 10 })).json().data;
    expect(drill.totalRecords).toBe(N / 2);
    expect(seconds).toBeLessThan(120);
  }, 300_000);
});
