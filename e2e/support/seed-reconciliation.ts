// The reconciliation journey's world (issue 18): a buyer with two registrations (Karnataka and Tamil Nadu) and two
// suppliers, other subscribers of the installation, whose sales to the buyer are in their books, ready to be filed in
// GSTR-1 through the portal sandbox by the journey. The planted cases are in PLANTED; the buyer's purchase register is
// imported by the journey itself.
import { latestOpenReturnPeriod, shiftPeriod } from '@opengst/domain';
import type { Db } from '../../apps/server/src/db/database';
import { documentItems, documents } from '../../apps/server/src/db/schema';
import { generatePassword, gstinFor, provisionSubscriber } from '../../apps/server/src/seed/provision';

export const BUYER_PAN = 'AAHCR7777R';
export const SUPPLIER_A_PAN = 'AABCA5555A';
export const SUPPLIER_B_PAN = 'AABCB6666B';
export const BUYER_KA = gstinFor('29', BUYER_PAN, '1');
export const BUYER_TN = gstinFor('33', BUYER_PAN, '1');
export const SUPPLIER_A = gstinFor('27', SUPPLIER_A_PAN, '1');
export const SUPPLIER_B = gstinFor('24', SUPPLIER_B_PAN, '1');

/** The period the journey reconciles (the latest open one) and the one before (the late-reported bill's). */
export const reconciliationPeriods = (today = new Date()) => {
  const period = latestOpenReturnPeriod(today);
  return { period, previous: shiftPeriod(period, -1) };
};
const dateIn = (period: string, day: number) => `${period.slice(2)}-${period.slice(0, 2)}-${String(day).padStart(2, '0')}`;

/** A supplier's sale as its books hold it (rupees): what its GSTR-1 reports. */
type Sale = { number: string; day: number; period: 'period' | 'previous'; buyer: string; taxable: number; igst: number };

/**
 * The suppliers' sales. The buyer's register (the journey's CSV) books most of them; the differences are the planted
 * cases: A/2 within tolerance, A/3 renumbered (A-0003 in the books), A/4 dated two days later in the books, A/5 with
 * more tax in the books, B/1 reported to the buyer's Tamil Nadu GSTIN but booked in Karnataka, B/7 never booked, B/8
 * dated in the previous period and filed late (so it is in this period's GSTR-2B), SB-4410 booked as SB-4401 (linked
 * by hand), and B/9 booked but never reported.
 */
export const SALES: Record<'A' | 'B', Sale[]> = {
  A: [
    { number: 'A/1', day: 3, period: 'period', buyer: BUYER_KA, taxable: 100000, igst: 18000 },
    { number: 'A/2', day: 4, period: 'period', buyer: BUYER_KA, taxable: 10000.5, igst: 1800.09 },
    { number: 'A/3', day: 5, period: 'period', buyer: BUYER_KA, taxable: 20000, igst: 3600 },
    { number: 'A/4', day: 6, period: 'period', buyer: BUYER_KA, taxable: 30000, igst: 5400 },
    { number: 'A/5', day: 7, period: 'period', buyer: BUYER_KA, taxable: 50000, igst: 6000 },
  ],
  B: [
    { number: 'B/1', day: 8, period: 'period', buyer: BUYER_TN, taxable: 40000, igst: 7200 },
    { number: 'B/7', day: 9, period: 'period', buyer: BUYER_KA, taxable: 3000, igst: 540 },
    { number: 'B/8', day: 28, period: 'previous', buyer: BUYER_KA, taxable: 60000, igst: 10800 },
    { number: 'SB-4410', day: 10, period: 'period', buyer: BUYER_KA, taxable: 9000, igst: 1620 },
  ],
};

const paise = (rupees: number) => Math.round(rupees * 100);

const insertSales = async (
  db: Db,
  subscriberId: number,
  entityId: number,
  sales: readonly Sale[],
  periods: { period: string; previous: string },
) => {
  for (const sale of sales) {
    const period = periods[sale.period];
    const date = dateIn(period, sale.day);
    const fy = Number(period.slice(2)) - (Number(period.slice(0, 2)) < 4 ? 1 : 0);
    const [row] = await db
      .insert(documents)
      .values({
        subscriberId,
        entityId,
        direction: 'Sales',
        financialYear: `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
        returnPeriod: period,
        documentType: 'INV',
        documentNumber: sale.number,
        documentDate: date,
        counterpartyGstin: sale.buyer,
        counterpartyName: 'Rangoli Retail Private Limited',
        counterpartyState: sale.buyer.slice(0, 2),
        placeOfSupply: sale.buyer.slice(0, 2),
        taxable: paise(sale.taxable),
        igst: paise(sale.igst),
        documentValue: paise(sale.taxable + sale.igst),
        source: 'Manual',
        // Written a day before: a document changed after the generation would make the return stale.
        createdAt: new Date(Date.now() - 86_400_000),
        updatedAt: new Date(Date.now() - 86_400_000),
      })
      .returning({ id: documents.id });
    await db.insert(documentItems).values({
      documentId: row!.id,
      lineNumber: 1,
      hsn: '73089090',
      description: 'Steel structures',
      uqc: 'KGS',
      quantity: 1_000_000,
      rate: 18_000,
      taxable: paise(sale.taxable),
      igst: paise(sale.igst),
      cgst: 0,
      sgst: 0,
      cess: 0,
    });
  }
};

export const seedReconciliation = async (db: Db) => {
  const periods = reconciliationPeriods();
  const subscriber = async (name: string, userName: string, pan: string, locations: { name: string; stateCode: string }[]) => {
    const password = generatePassword();
    const made = await provisionSubscriber(db, {
      name,
      admin: { userName, displayName: name, email: `${userName}@journeys.test`, password },
      business: { name: `${name} Limited`, pan, locations: locations.map((l) => ({ ...l, entityNumber: '1' })) },
    });
    return { made, credentials: { userName, password, email: `${userName}@journeys.test` } };
  };
  const buyer = await subscriber('Rangoli Retail', 'recon-buyer', BUYER_PAN, [
    { name: 'Bengaluru', stateCode: '29' },
    { name: 'Chennai', stateCode: '33' },
  ]);
  const supplierA = await subscriber('Anand Steel', 'recon-supplier-a', SUPPLIER_A_PAN, [{ name: 'Pune', stateCode: '27' }]);
  const supplierB = await subscriber('Bharat Tools', 'recon-supplier-b', SUPPLIER_B_PAN, [{ name: 'Surat', stateCode: '24' }]);
  await insertSales(db, supplierA.made.subscriberId, supplierA.made.entityIds[1]!, SALES.A, periods);
  await insertSales(db, supplierB.made.subscriberId, supplierB.made.entityIds[1]!, SALES.B, periods);
  return { reconBuyer: buyer.credentials, reconSupplierA: supplierA.credentials, reconSupplierB: supplierB.credentials };
};
