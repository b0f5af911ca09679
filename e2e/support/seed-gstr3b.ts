// The GSTR-3B journey's world (issue 19): a filer in Karnataka whose books hold the month's sales (an intra-State B2B
// invoice, CGST and SGST, and an inter-State one, IGST) and two purchases from a Maharashtra supplier, another
// subscriber of the installation whose books hold the same two invoices, ready to be filed in its GSTR-1 so that they
// reach the filer's IMS and GSTR-2B. Amounts in rupees; the journey states what each figure must then be.
import { latestOpenReturnPeriod, shiftPeriod } from '@opengst/domain';
import type { Db } from '../../apps/server/src/db/database';
import { documentItems, documents } from '../../apps/server/src/db/schema';
import { generatePassword, gstinFor, provisionSubscriber } from '../../apps/server/src/seed/provision';

export const FILER_PAN = 'AAECK4321K';
export const SUPPLIER_PAN = 'AABCD9876D';
export const FILER = gstinFor('29', FILER_PAN, '1');
export const SUPPLIER = gstinFor('27', SUPPLIER_PAN, '1');
const LOCAL_BUYER = gstinFor('29', 'AAFCM1111M', '1');
const TN_BUYER = gstinFor('33', 'AAGCT2222T', '1');

/** The month the journey files: the one before the latest open one, ended, its GSTR-3B due on the 20th after it. */
export const gstr3bPeriod = (today = new Date()) => shiftPeriod(latestOpenReturnPeriod(today), -1);

type Invoice = { number: string; day: number; counterparty: string; taxable: number; igst: number; cgst: number; sgst: number };

/** The filer's sales: 3.1(a) taxable 7,00,000; IGST 36,000, CGST 45,000, SGST 45,000. */
export const FILER_SALES: readonly Invoice[] = [
  { number: 'KK/101', day: 4, counterparty: LOCAL_BUYER, taxable: 500000, igst: 0, cgst: 45000, sgst: 45000 },
  { number: 'KK/102', day: 9, counterparty: TN_BUYER, taxable: 200000, igst: 36000, cgst: 0, sgst: 0 },
];
/** The supplier's sales to the filer, booked by the filer as purchases: 4A(5) IGST 45,000 once in its GSTR-2B. */
export const SUPPLIER_SALES: readonly Invoice[] = [
  { number: 'DP/7001', day: 3, counterparty: FILER, taxable: 100000, igst: 18000, cgst: 0, sgst: 0 },
  { number: 'DP/7002', day: 12, counterparty: FILER, taxable: 150000, igst: 27000, cgst: 0, sgst: 0 },
];

const paise = (rupees: number) => Math.round(rupees * 100);
const dateIn = (period: string, day: number) => `${period.slice(2)}-${period.slice(0, 2)}-${String(day).padStart(2, '0')}`;
const financialYearOf = (period: string) => {
  const fy = Number(period.slice(2)) - (Number(period.slice(0, 2)) < 4 ? 1 : 0);
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
};

const insertInvoices = async (
  db: Db,
  subscriberId: number,
  entityId: number,
  direction: 'Sales' | 'Purchase',
  invoices: readonly Invoice[],
  period: string,
  counterpartyName: string,
) => {
  for (const invoice of invoices) {
    const money = {
      taxable: paise(invoice.taxable),
      igst: paise(invoice.igst),
      cgst: paise(invoice.cgst),
      sgst: paise(invoice.sgst),
      cess: 0,
    };
    const gstin = direction === 'Sales' ? invoice.counterparty : SUPPLIER;
    const [row] = await db
      .insert(documents)
      .values({
        subscriberId,
        entityId,
        direction,
        financialYear: financialYearOf(period),
        returnPeriod: period,
        documentType: 'INV',
        documentNumber: invoice.number,
        documentDate: dateIn(period, invoice.day),
        counterpartyGstin: gstin,
        counterpartyName,
        counterpartyState: gstin.slice(0, 2),
        placeOfSupply: direction === 'Sales' ? invoice.counterparty.slice(0, 2) : FILER.slice(0, 2),
        ...money,
        documentValue: money.taxable + money.igst + money.cgst + money.sgst,
        source: 'Manual',
        // Written a day before: a document changed after a return's generation would make the return stale.
        createdAt: new Date(Date.now() - 86_400_000),
        updatedAt: new Date(Date.now() - 86_400_000),
      })
      .returning({ id: documents.id });
    await db.insert(documentItems).values({
      documentId: row!.id,
      lineNumber: 1,
      hsn: '48191010',
      description: 'Corrugated boxes',
      uqc: 'NOS',
      quantity: 1_000_000,
      rate: 18_000,
      ...money,
    });
  }
};

export const seedGstr3b = async (db: Db) => {
  const period = gstr3bPeriod();
  const subscriber = async (name: string, userName: string, pan: string, location: { name: string; stateCode: string }) => {
    const password = generatePassword();
    const made = await provisionSubscriber(db, {
      name,
      admin: { userName, displayName: name, email: `${userName}@journeys.test`, password },
      business: { name: `${name} Private Limited`, pan, locations: [{ ...location, entityNumber: '1' }] },
    });
    return { made, credentials: { userName, password, email: `${userName}@journeys.test` } };
  };
  const filer = await subscriber('Kaveri Kitchens', 'g3b-filer', FILER_PAN, { name: 'Bengaluru', stateCode: '29' });
  const supplier = await subscriber('Deccan Packaging', 'g3b-supplier', SUPPLIER_PAN, { name: 'Pune', stateCode: '27' });
  const filerLocation = filer.made.entityIds[1]!;
  await insertInvoices(db, filer.made.subscriberId, filerLocation, 'Sales', FILER_SALES, period, 'Kaveri customer');
  await insertInvoices(db, filer.made.subscriberId, filerLocation, 'Purchase', SUPPLIER_SALES, period, 'Deccan Packaging');
  await insertInvoices(db, supplier.made.subscriberId, supplier.made.entityIds[1]!, 'Sales', SUPPLIER_SALES, period, 'Kaveri Kitchens');
  return { gstr3bFiler: filer.credentials, gstr3bSupplier: supplier.credentials };
};
