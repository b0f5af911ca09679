// The product's own DRC-01B / DRC-01C check of a period, made before (or beside) the portal's: the figures the
// portal compares, rebuilt from what the product holds (packages/domain/src/drc01/README.md):
// - DRC-01B (Rule 88C): the tax of tables 3.1(a), 3.1(b), 3.1.1(i) that the filed GSTR-1 (its GSTR-1A documents
//   replacing the same numbers) gives through the domain's buildGstr3b, against the same tables of the filed GSTR-3B;
// - DRC-01C (Rule 88D): the ITC of 4A(5) in the filed GSTR-3B against what the downloaded GSTR-2B gives for it.
// A quarterly return is checked over its quarter's months.
// The threshold is the subscriber's setting, or the domain's dated row.
import type { Drc01Figures, Drc01Form, Drc01Precheck, Drc01Threshold } from '@opengst/contracts';
import {
  buildGstr3b,
  drc01bCheck,
  drc01cCheck,
  gstr3bJsonOf,
  gstr3bOtherItc,
  gstr3bOutwardTax,
  parseGstr1,
  periodsCovered,
  type Gstr1Json,
  type Gstr3bOutwardDocument,
  type Gstr3bSummaryRow,
  type Gstr3bPortalRecord,
  type MismatchResult,
} from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { gstr3bReturns, portalDocuments, returns } from '../../db/schema';

const figuresOf = (r: MismatchResult): Drc01Figures => ({
  reported: r.reported,
  baseline: r.baseline,
  difference: r.difference,
  excess: r.excess,
  totalExcess: r.totalExcess,
  percentBasisPoints: r.percentBasisPoints,
  threshold: r.threshold
    ? { amount: r.threshold.amount, percentBasisPoints: r.threshold.percentBasisPoints, rule: r.threshold.rule }
    : null,
  explanation: r.explanation,
});

type Target = { subscriberId: number; entityId: number; gstin: string; period: string };

/** A month's filed GSTR-1 and GSTR-1A payloads, as the portal's outward documents (1A replacing the same numbers). */
const filedOutward = async (db: DbOrTx, t: Target): Promise<Gstr1Json | null> => {
  const rows = await db
    .select({ type: returns.returnType, payload: returns.payload })
    .from(returns)
    .where(
      and(
        eq(returns.subscriberId, t.subscriberId),
        eq(returns.entityId, t.entityId),
        eq(returns.returnPeriod, t.period),
        eq(returns.status, 'Filed'),
        inArray(returns.returnType, ['GSTR1', 'GSTR1A']),
      ),
    );
  const gstr1 = rows.find((r) => r.type === 'GSTR1')?.payload;
  if (!gstr1) return null;
  const merged = JSON.parse(gstr1) as Record<string, unknown>;
  const amendment = rows.find((r) => r.type === 'GSTR1A')?.payload;
  // GSTR-1A amends the same period's GSTR-1 before GSTR-3B: its sections replace those of GSTR-1 where it has them.
  if (amendment)
    for (const [key, value] of Object.entries(JSON.parse(amendment) as Record<string, unknown>))
      if (Array.isArray(value)) merged[key] = value;
  return merged as Gstr1Json;
};

/** The outward documents and summaries of the months' filed GSTR-1s, numbered for the builder; null if one is not filed. */
const filedOutwardOf = async (db: DbOrTx, t: Target, periods: readonly string[]) => {
  const documents: Gstr3bOutwardDocument[] = [];
  const summaries: Gstr3bSummaryRow[] = [];
  for (const period of periods) {
    const outward = await filedOutward(db, { ...t, period });
    if (!outward) return null;
    const parsed = parseGstr1(outward);
    for (const d of parsed.documents) documents.push({ ...d, id: documents.length + 1, returnPeriod: period });
    for (const row of parsed.summaries) summaries.push({ ...row, id: summaries.length + 1, returnPeriod: period });
  }
  return { documents, summaries };
};

const gstr2bRecords = async (db: DbOrTx, t: Target, periods: readonly string[]): Promise<Gstr3bPortalRecord[]> => {
  const rows = await db
    .select()
    .from(portalDocuments)
    .where(
      and(
        eq(portalDocuments.subscriberId, t.subscriberId),
        eq(portalDocuments.entityId, t.entityId),
        eq(portalDocuments.source, 'GSTR2B'),
        inArray(portalDocuments.returnPeriod, [...periods]),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    returnPeriod: r.returnPeriod,
    section: r.section as Gstr3bPortalRecord['section'],
    listing: r.listing,
    documentType: r.documentType as Gstr3bPortalRecord['documentType'],
    documentNumber: r.documentNumber,
    supplierGstin: r.supplierGstin,
    isReverseCharge: r.isReverseCharge,
    itcAvailability: (r.itcAvailability ?? null) as Gstr3bPortalRecord['itcAvailability'],
    imsAction: (r.imsAction ?? null) as Gstr3bPortalRecord['imsAction'],
    taxable: r.taxable,
    igst: r.igst,
    cgst: r.cgst,
    sgst: r.sgst,
    cess: r.cess,
  }));
};

export const computePrecheck = async (
  db: DbOrTx,
  target: Target,
  form: Drc01Form,
  threshold: Drc01Threshold | null,
  asOf: string,
): Promise<Drc01Precheck> => {
  const [filed3b] = await db
    .select({ savedJson: gstr3bReturns.savedJson, frequency: gstr3bReturns.frequency })
    .from(gstr3bReturns)
    .where(
      and(
        eq(gstr3bReturns.subscriberId, target.subscriberId),
        eq(gstr3bReturns.entityId, target.entityId),
        eq(gstr3bReturns.returnPeriod, target.period),
        eq(gstr3bReturns.status, 'Filed'),
      ),
    );
  // A quarterly (QRMP) GSTR-3B takes the quarter's three months of GSTR-1 and GSTR-2B (Rule 61A).
  const frequency = filed3b?.frequency ?? 'monthly';
  const periods = periodsCovered(target.period, frequency);
  const outward = form === 'DRC01B' ? await filedOutwardOf(db, target, periods) : null;
  const missing = [...(form === 'DRC01B' && !outward ? ['GSTR-1 filed'] : []), ...(!filed3b?.savedJson ? ['GSTR-3B filed'] : [])];
  if (missing.length > 0 || !filed3b) return { form, period: target.period, figures: null, isIntimation: false, missing };
  const system = gstr3bJsonOf(
    buildGstr3b({
      gstin: target.gstin,
      period: target.period,
      frequency,
      outward: outward ?? { documents: [], summaries: [] },
      inward: { gstr2b: form === 'DRC01C' ? await gstr2bRecords(db, target, periods) : [] },
    }),
  );
  const own = threshold ? { threshold } : {};
  const result =
    form === 'DRC01B'
      ? drc01bCheck({
          periods: [{ period: target.period, gstr1: gstr3bOutwardTax(system), gstr3b: gstr3bOutwardTax(filed3b.savedJson) }],
          asOf,
          ...own,
        })
      : drc01cCheck({
          periods: [
            { period: target.period, gstr3b: { '4A(5)': gstr3bOtherItc(filed3b.savedJson) }, gstr2b: { '4A(5)': gstr3bOtherItc(system) } },
          ],
          asOf,
          ...own,
        });
  return { form, period: target.period, figures: figuresOf(result), isIntimation: result.isIntimation, missing: [] };
};
