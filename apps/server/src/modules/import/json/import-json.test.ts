import { IMPORT_API as I } from '@opengst/contracts';
import { buildGstr1, type Gstr1Document, type Gstr1Item } from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentItems, documents, imports } from '../../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { CUSTOMER_GSTIN, DELHI_GSTIN, importFile, readXlsx, upload } from '../../../test-support/import-fixtures';
import { type ApiClient, gstinFor, openSignedIn } from '../../../test-support/org-fixtures';
import { sniffFormat } from '../sniff.rules';

const DELHI_CUSTOMER = gstinFor('07', 'AAACB5678B', '1');

const item = (ratePercent: number, taxable: number, inter: boolean): Gstr1Item => {
  const tax = Math.round((taxable * ratePercent) / 100);
  const half = Math.round(tax / 2);
  return { rate: ratePercent * 1000, taxable, igst: inter ? tax : 0, cgst: inter ? 0 : half, sgst: inter ? 0 : half, cess: 0 };
};
const doc = (d: Omit<Gstr1Document, 'documentValue' | 'documentDate'> & { documentDate?: string }): Gstr1Document => ({
  documentDate: '2024-04-15',
  ...d,
  documentValue: d.items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0),
});

/** Documents of April 2024 from the Delhi location, one item per rate (the save format keeps items per rate). */
const ORIGINALS: Gstr1Document[] = [
  doc({
    documentType: 'INV',
    documentNumber: 'J/1',
    counterpartyGstin: CUSTOMER_GSTIN,
    supplyType: 'B2B',
    placeOfSupply: '33',
    items: [item(18, 100_050, true), item(5, 20_000, true)],
  }),
  doc({
    documentType: 'INV',
    documentNumber: 'J/2',
    documentDate: '2024-04-20',
    counterpartyGstin: DELHI_CUSTOMER,
    supplyType: 'B2B',
    placeOfSupply: '07',
    items: [item(12, 55_555, false)],
  }),
  doc({
    documentType: 'INV',
    documentNumber: 'J/3',
    counterpartyGstin: '',
    supplyType: 'B2C',
    placeOfSupply: '33',
    items: [item(18, 30_000_000, true)],
  }),
  doc({
    documentType: 'CRN',
    documentNumber: 'J/CN/1',
    documentDate: '2024-04-25',
    counterpartyGstin: CUSTOMER_GSTIN,
    supplyType: 'B2B',
    placeOfSupply: '33',
    items: [item(18, 10_000, true)],
  }),
  doc({
    documentType: 'DBN',
    documentNumber: 'J/DN/1',
    documentDate: '2024-04-26',
    counterpartyGstin: DELHI_CUSTOMER,
    supplyType: 'B2B',
    placeOfSupply: '07',
    items: [item(12, 5_000, false)],
  }),
  // A note to an unregistered customer on a large inter-State invoice: cdnur B2CL.
  doc({
    documentType: 'CRN',
    documentNumber: 'J/CN/2',
    documentDate: '2024-04-27',
    counterpartyGstin: '',
    supplyType: 'B2C',
    placeOfSupply: '33',
    originalDocumentNumber: 'J/3',
    originalDocumentDate: '2024-04-15',
    originalDocumentValue: 35_400_000,
    items: [item(18, 100_000, true)],
  }),
  // The save format has no HSN per invoice, and an export needs one: this document is refused with VAL0023.
  doc({
    documentType: 'INV',
    documentNumber: 'J/E/1',
    counterpartyGstin: '',
    supplyType: 'EXPWOP',
    items: [{ ...item(18, 50_000, true), igst: 0 }],
  }),
];

type EinvoiceItem = {
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
};
type Einvoice = {
  type: 'INV' | 'CRN' | 'DBN';
  number: string;
  date: string;
  supplyType: string;
  buyer: string;
  buyerName: string;
  pos: string;
  against?: { number: string; date: string };
  items: EinvoiceItem[];
};
const line = (
  hsn: string,
  description: string,
  uqc: string,
  quantity: number,
  ratePercent: number,
  taxable: number,
  inter: boolean,
  cess = 0,
): EinvoiceItem => {
  const tax = Math.round((taxable * ratePercent) / 100);
  return {
    hsn,
    description,
    uqc,
    quantity,
    rate: ratePercent * 1000,
    taxable,
    igst: inter ? tax : 0,
    cgst: inter ? 0 : tax / 2,
    sgst: inter ? 0 : tax / 2,
    cess,
  };
};
/** Invoices from the Delhi location, in paise, milli-percent and thousandths. */
const EINVOICES: Einvoice[] = [
  {
    type: 'INV',
    number: 'E/1',
    date: '2024-04-15',
    supplyType: 'B2B',
    buyer: CUSTOMER_GSTIN,
    buyerName: 'Bharat Traders',
    pos: '33',
    items: [line('84713010', 'Laptop', 'NOS', 2000, 18, 100_050, true), line('998314', 'IT support — सेवा', 'OTH', 1000, 18, 20_000, true)],
  },
  {
    type: 'INV',
    number: 'E/2',
    date: '2024-04-16',
    supplyType: 'B2B',
    buyer: DELHI_CUSTOMER,
    buyerName: 'Dilli Stores',
    pos: '07',
    items: [line('24022090', 'Cigarettes', 'NOS', 500, 28, 40_000, false, 2_100)],
  },
  {
    type: 'INV',
    number: 'E/3',
    date: '2024-04-17',
    supplyType: 'EXPWOP',
    buyer: 'URP',
    buyerName: 'Overseas Buyer LLC',
    pos: '96',
    items: [{ ...line('84713010', 'Laptop', 'NOS', 1000, 18, 500_000, true), igst: 0 }],
  },
  {
    type: 'CRN',
    number: 'E/CN/1',
    date: '2024-04-20',
    supplyType: 'B2B',
    buyer: CUSTOMER_GSTIN,
    buyerName: 'Bharat Traders',
    pos: '33',
    against: { number: 'E/1', date: '2024-04-15' },
    items: [line('84713010', 'Laptop returned', 'NOS', 250, 18, 12_500, true)],
  },
];
const rupees = (paise: number) => paise / 100;
const slashDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** An INV-01 document as the e-invoice schema (NIC v1.1) names its fields. */
const einvoiceOf = (d: Einvoice) => {
  const total = (field: keyof EinvoiceItem) => d.items.reduce((s, i) => s + (i[field] as number), 0);
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: d.supplyType, RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: d.type, No: d.number, Dt: slashDate(d.date) },
    SellerDtls: { Gstin: DELHI_GSTIN, LglNm: 'Test Tenant Pvt Ltd', Addr1: 'Connaught Place', Loc: 'New Delhi', Pin: 110001, Stcd: '07' },
    BuyerDtls: {
      Gstin: d.buyer,
      LglNm: d.buyerName,
      Pos: d.pos,
      Addr1: 'Anna Salai',
      Loc: 'Chennai',
      Pin: 600002,
      Stcd: d.buyer === 'URP' ? '96' : d.buyer.slice(0, 2),
    },
    ItemList: d.items.map((i, index) => ({
      SlNo: String(index + 1),
      PrdDesc: i.description,
      IsServc: i.hsn.startsWith('99') ? 'Y' : 'N',
      HsnCd: i.hsn,
      Qty: i.quantity / 1000,
      Unit: i.uqc,
      UnitPrice: rupees(i.taxable) / (i.quantity / 1000),
      TotAmt: rupees(i.taxable),
      AssAmt: rupees(i.taxable),
      GstRt: i.rate / 1000,
      IgstAmt: rupees(i.igst),
      CgstAmt: rupees(i.cgst),
      SgstAmt: rupees(i.sgst),
      CesAmt: 0,
      CesNonAdvlAmt: rupees(i.cess),
      TotItemVal: rupees(i.taxable + i.igst + i.cgst + i.sgst + i.cess),
    })),
    ValDtls: {
      AssVal: rupees(total('taxable')),
      IgstVal: rupees(total('igst')),
      CgstVal: rupees(total('cgst')),
      SgstVal: rupees(total('sgst')),
      CesVal: rupees(total('cess')),
      TotInvVal: rupees(total('taxable') + total('igst') + total('cgst') + total('sgst') + total('cess')),
    },
    ...(d.against ? { RefDtls: { PrecDocDtls: [{ InvNo: d.against.number, InvDt: slashDate(d.against.date) }] } } : {}),
  };
};

describe.each(ENGINES)('import of official JSON (GSTR-1, e-invoice) on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let api: ApiClient;

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
  });
  afterAll(async () => {
    await h.close();
  });

  const stored = (numbers: string[]) =>
    h.ctx.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), inArray(documents.documentNumber, numbers)))
      .orderBy(documents.documentNumber);
  const errorsOf = async (importId: number) =>
    (
      (await api.post(I.errors, { importId, size: 100 })).json().data.items as {
        row: number;
        column: string | null;
        value: string | null;
        code: string;
        type: string;
      }[]
    ).filter((e) => e.type === 'Error');

  it('imports the documents of a GSTR-1 built by buildGstr1: the register holds the originals', async () => {
    const json = buildGstr1(ORIGINALS, { gstin: DELHI_GSTIN, period: '042024' });
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['b2b', 'b2cl', 'cdnr', 'cdnur', 'exp']));
    const { importId, progress } = await importFile(h, token, 'GSTR1_042024.json', `\uFEFF${JSON.stringify(json, null, 2)}`);
    // Rows are item lines: J/1 has two, the others one each.
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 8, validRows: 7, errorRows: 1 });
    const errors = await errorsOf(importId);
    // Rows follow the file's sections: b2b (J/1 twice, J/2), b2cl (J/3), exp (J/E/1), cdnr (J/CN/1, J/DN/1), cdnur (J/CN/2).
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([[5, 'HSN/SAC', 'VAL0023']]);
    // The error export shows where the refused item is in the JSON.
    const exported = await readXlsx((await api.get(I.export, { importId })).rawPayload);
    expect(exported[0]?.slice(0, 4)).toEqual(['Row', 'JSON path', 'Location GSTIN', 'Document type']);
    expect(exported[1]?.slice(0, 5)).toEqual(['5', 'exp[0].inv[0].itms[0]', DELHI_GSTIN, 'INV', 'J/E/1']);
    expect(exported[1]?.at(-1)).toContain('VAL0023');
    const [format] = await h.ctx.database.db.select({ fileFormat: imports.fileFormat }).from(imports).where(eq(imports.id, importId));
    expect(format?.fileFormat).toBe('json');

    const valid = ORIGINALS.filter((d) => d.documentNumber !== 'J/E/1');
    const rows = await stored(ORIGINALS.map((d) => d.documentNumber));
    expect(rows.map((r) => r.documentNumber).sort()).toEqual(valid.map((d) => d.documentNumber).sort());
    for (const original of valid) {
      const row = rows.find((r) => r.documentNumber === original.documentNumber);
      const sum = (field: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess') => original.items.reduce((s, i) => s + i[field], 0);
      expect(row, original.documentNumber).toMatchObject({
        documentType: original.documentType,
        documentDate: original.documentDate,
        counterpartyGstin: original.counterpartyGstin,
        placeOfSupply: original.placeOfSupply,
        supplyType: original.supplyType,
        isReverseCharge: false,
        documentValue: original.documentValue,
        returnPeriod: '042024',
        source: 'Import',
        importId,
        taxable: sum('taxable'),
        igst: sum('igst'),
        cgst: sum('cgst'),
        sgst: sum('sgst'),
        cess: sum('cess'),
      });
      const items = await h.ctx.database.db
        .select()
        .from(documentItems)
        .where(eq(documentItems.documentId, row?.id ?? 0))
        .orderBy(documentItems.lineNumber);
      expect(
        items.map((i) => ({ rate: i.rate, taxable: i.taxable, igst: i.igst, cgst: i.cgst, sgst: i.sgst, cess: i.cess })),
        original.documentNumber,
      ).toEqual(original.items.map(({ rate, taxable, igst, cgst, sgst, cess }) => ({ rate, taxable, igst, cgst, sgst, cess })));
    }

    // Imported again: updated, never duplicated.
    expect((await importFile(h, token, 'GSTR1_042024.json', JSON.stringify(json))).progress.status).toBe('SuccessWithError');
    expect(await stored(valid.map((d) => d.documentNumber))).toHaveLength(valid.length);
  });

  it('imports e-invoices (INV-01): the register holds the invoices with their items, HSN, units and quantities', async () => {
    const invoices = EINVOICES.map(einvoiceOf);
    const { importId, progress } = await importFile(h, token, 'einvoices.json', JSON.stringify(invoices));
    expect(await errorsOf(importId)).toEqual([]);
    expect(progress).toMatchObject({ status: 'Success', totalRows: 5, validRows: 5, errorRows: 0 });
    const rows = await stored(EINVOICES.map((d) => d.number));
    expect(rows).toHaveLength(EINVOICES.length);
    for (const original of EINVOICES) {
      const row = rows.find((r) => r.documentNumber === original.number);
      const sum = (field: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess') => original.items.reduce((s, i) => s + i[field], 0);
      expect(row, original.number).toMatchObject({
        documentType: original.type,
        documentDate: original.date,
        counterpartyGstin: original.buyer === 'URP' ? '' : original.buyer,
        counterpartyName: original.buyerName,
        placeOfSupply: original.pos,
        supplyType: original.supplyType,
        originalDocumentNumber: original.against?.number ?? null,
        originalDocumentDate: original.against?.date ?? null,
        taxable: sum('taxable'),
        igst: sum('igst'),
        cgst: sum('cgst'),
        sgst: sum('sgst'),
        cess: sum('cess'),
        documentValue: sum('taxable') + sum('igst') + sum('cgst') + sum('sgst') + sum('cess'),
      });
      const items = await h.ctx.database.db
        .select()
        .from(documentItems)
        .where(eq(documentItems.documentId, row?.id ?? 0))
        .orderBy(documentItems.lineNumber);
      expect(
        items.map(({ hsn, description, uqc, quantity, rate, taxable, igst, cgst, sgst, cess }) => ({
          hsn,
          description,
          uqc,
          quantity,
          rate,
          taxable,
          igst,
          cgst,
          sgst,
          cess,
        })),
        original.number,
      ).toEqual(original.items);
    }
  });

  it('refuses a JSON of another GSTIN row by row (IMP0014), and a JSON that is not GSTR-1 or not JSON on upload', async () => {
    // The GST portal's own sample: its GSTIN is not one of this tenant's locations.
    const sample = await readFile(new URL('../../../../../../official/gstr1/b2bin.json', import.meta.url));
    const { importId, progress } = await importFile(h, token, 'b2bin.json', sample);
    expect(progress.status).toBe('Failed');
    expect(await errorsOf(importId)).toEqual([
      expect.objectContaining({ row: 1, column: 'Location GSTIN', value: '33GSPTN0231G1ZM', code: 'IMP0014' }),
    ]);
    expect(await stored(['S0000026'])).toHaveLength(0);

    // An e-invoice without its document, seller and items is not one.
    const other = await upload(h, token, 'invoice.json', JSON.stringify({ Version: '1.1', TranDtls: { TaxSch: 'GST' } }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ code: 'IMP0026', message: expect.stringContaining('GSTR-1') });
    const broken = await upload(h, token, 'broken.json', '{"gstin": "07AAACA1234A1ZM", "fp": "042024", "b2b": [');
    expect(broken.json().errors[0].code).toBe('IMP0027');
    // A GSTR-1 whose sections are nested out of shape holds no document: told so, not "no rows under the header row".
    const nested = `${'{"b2b":['.repeat(5000)}{"inum":"X/1","itms":[]}${']}'.repeat(5000)}`;
    const deepJson = `{"gstin":"${DELHI_GSTIN}","fp":"042024","b2b":[{"ctin":"x","inv":${nested}}]}`;
    const deep = await upload(h, token, 'deep.json', deepJson);
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors[0]).toMatchObject({ code: 'IMP0026', message: expect.stringContaining('holds no invoice or note') });
  });

  it('reads a large JSON off the main thread: the server keeps answering while it is checked', async () => {
    // About 25 MB of b2b invoices: JSON.parse of it takes seconds, which the main thread must not spend.
    const invoice = (n: number) => ({
      inum: `BIG/${n}`,
      idt: '15-04-2024',
      val: 1180,
      pos: '33',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [{ num: 1801, itm_det: { txval: 1000, rt: 18, iamt: 180, camt: 0, samt: 0, csamt: 0 } }],
    });
    const big = JSON.stringify({
      gstin: DELHI_GSTIN,
      fp: '042024',
      b2b: [{ ctin: CUSTOMER_GSTIN, inv: Array.from({ length: 130_000 }, (_, n) => invoice(n)) }],
    });
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    const path = join(mkdtempSync(join(tmpdir(), 'opengst-json-')), 'big.json');
    await writeFile(path, big);
    // What the check would cost on the main thread, measured now on this (possibly busy) machine.
    const parseStarted = performance.now();
    JSON.parse(big);
    const parseMs = performance.now() - parseStarted;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    expect(await sniffFormat(path)).toBe('json');
    delay.disable();
    const stalledMs = delay.max / 1e6;
    console.log(`[json thread] check: event loop stalled at most ${Math.round(stalledMs)} ms; JSON.parse alone ${Math.round(parseMs)} ms`);
    expect(stalledMs).toBeLessThan(parseMs / 2);
    // And the upload as a whole still goes through.
    expect((await upload(h, token, 'big.json', big)).statusCode).toBe(200);
  });
});
