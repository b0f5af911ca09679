// The figures the portal compares when a GSTR-3B is filed (README.md "DRC-01B and DRC-01C"), and the intimation it
// raises: DRC-01B (Rule 88C) the liability of the filed GSTR-1/1A (the system-generated 3.1(a), 3.1(b), 3.1.1(i))
// against the tax of the same tables in the filed GSTR-3B; DRC-01C (Rule 88D) the ITC of table 4A(5) in the filed
// GSTR-3B against the ITC GSTR-2B gives for it. The domain's drc01bCheck / drc01cCheck decide, with the GSTIN's
// threshold set through the control hook, or the notified one.
import {
  drc01bCheck,
  drc01cCheck,
  gstr3bOtherItc,
  gstr3bOutwardTax,
  indiaDateOf,
  replyDueOn,
  type MismatchResult,
  type MismatchThreshold,
} from '@opengst/domain';
import { randomBytes } from 'node:crypto';
import type { DrcForm } from './drc01';
import { latestGstr2b } from './gstr2b';
import { systemGstr3b } from './gstr3b-system';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import type { Json } from './wire';

export const thresholdOf = async (sql: SandboxSql, gstin: string, form: DrcForm): Promise<MismatchThreshold | undefined> => {
  const [row] = await sql.query<{ threshold: MismatchThreshold }>(
    'SELECT threshold FROM portal_sandbox.drc01_thresholds WHERE gstin = $1 AND form = $2',
    [gstin, form],
  );
  return row?.threshold;
};

/** The checks of a GSTR-3B just filed: each result that is an intimation. */
export const checksOfFiled3b = async (
  sandbox: Sandbox,
  gstin: string,
  period: string,
  filed: Json,
): Promise<Map<DrcForm, MismatchResult>> => {
  const asOf = indiaDateOf(sandbox.now());
  const outward = await systemGstr3b(sandbox.sql, gstin, period, null);
  const gstr2b = await latestGstr2b(sandbox, gstin, period);
  const inward = await systemGstr3b(sandbox.sql, gstin, period, gstr2b);
  const threshold1b = await thresholdOf(sandbox.sql, gstin, 'DRC01B');
  const threshold1c = await thresholdOf(sandbox.sql, gstin, 'DRC01C');
  const b = drc01bCheck({
    periods: [{ period, gstr1: gstr3bOutwardTax(outward.json), gstr3b: gstr3bOutwardTax(filed) }],
    asOf,
    ...(threshold1b ? { threshold: threshold1b } : {}),
  });
  const itcIn2b = gstr3bOtherItc(inward.json);
  const c = drc01cCheck({
    periods: [{ period, gstr3b: { '4A(5)': gstr3bOtherItc(filed) }, gstr2b: { '4A(5)': itcIn2b } }],
    asOf,
    ...(threshold1c ? { threshold: threshold1c } : {}),
  });
  const raised = new Map<DrcForm, MismatchResult>();
  if (b.isIntimation) raised.set('DRC01B', b);
  // Rule 88D compares with the ITC GSTR-2B makes available: a 3B filed before the period's 2B (the 14th) is not checked.
  if (c.isIntimation && gstr2b !== null) raised.set('DRC01C', c);
  return raised;
};

/** Reference number of an intimation: Z + B/C, the State code, MMYY of issue and seven characters (the sandbox's reading). */
const newRefNo = (form: DrcForm, gstin: string, at: Date): string => {
  const day = indiaDateOf(at);
  const tail = randomBytes(8)
    .toString('hex')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 7);
  return `Z${form === 'DRC01B' ? 'B' : 'C'}${gstin.slice(0, 2)}${day.slice(5, 7)}${day.slice(2, 4)}${tail}`;
};

/** Part A: one intimation per form and period, due 7 days after issue (Rules 88C(2), 88D(2)). */
export const raiseIntimations = async (sandbox: Sandbox, gstin: string, period: string, filed: Json): Promise<void> => {
  const raised = await checksOfFiled3b(sandbox, gstin, period, filed);
  const at = sandbox.now();
  for (const [form, result] of raised) {
    const figures = {
      reported: result.reported,
      baseline: result.baseline,
      difference: result.difference,
      excess: result.excess,
      totalExcess: result.totalExcess,
      percentBasisPoints: result.percentBasisPoints,
      threshold: result.threshold,
      explanation: result.explanation,
    };
    await sandbox.sql.query(
      `INSERT INTO portal_sandbox.drc01_intimations (ref_no, gstin, form, period, issued_at, due_date, figures, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'ISSUED') ON CONFLICT (gstin, form, period) DO NOTHING`,
      [newRefNo(form, gstin, at), gstin, form, period, at.toISOString(), replyDueOn(indiaDateOf(at)), JSON.stringify(figures)],
    );
  }
};
