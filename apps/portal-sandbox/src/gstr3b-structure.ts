// The GSTR-3B save format's structure (GSTN's gstr_3b_details.json as the project's structure reference compiles it,
// ../shared/data/gstr3b; the domain's gstr3bJsonOf writes it): known keys only, amounts in rupees with at most two
// decimals, not below zero (except net ITC, 4C, which may be), the `ty` codes, places of supply; and the portal's own
// check RET3B91404, net ITC = ITC available − ITC reversed, head by head.
import { isPlaceOfSupplyCode } from '@opengst/domain';

type Json = Record<string, unknown>;
export type SaveProblem = { code: string; message: string };

const TAX = ['iamt', 'camt', 'samt', 'csamt'] as const;
const VALUED = ['txval', ...TAX] as const;

/** An object of amounts, a list of typed amount rows, a list of place rows, or an object of nested shapes. */
type Shape =
  | { amounts: readonly string[]; negative?: boolean }
  | { typed: readonly string[]; amounts: readonly string[] }
  | { places: true }
  | { fields: Readonly<Record<string, Shape>> };

const SHAPE: Shape = {
  fields: {
    sup_details: {
      fields: {
        osup_det: { amounts: VALUED },
        osup_zero: { amounts: ['txval', 'iamt', 'csamt'] },
        osup_nil_exmp: { amounts: ['txval'] },
        isup_rev: { amounts: VALUED },
        osup_nongst: { amounts: ['txval'] },
      },
    },
    eco_dtls: { fields: { eco_sup: { amounts: VALUED }, eco_reg_sup: { amounts: ['txval'] } } },
    inter_sup: { fields: { unreg_details: { places: true }, comp_details: { places: true }, uin_details: { places: true } } },
    itc_elg: {
      fields: {
        itc_avl: { typed: ['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH'], amounts: TAX },
        itc_rev: { typed: ['RUL', 'OTH'], amounts: TAX },
        itc_net: { amounts: TAX, negative: true },
        itc_inelg: { typed: ['RUL', 'OTH'], amounts: TAX },
      },
    },
    inward_sup: { fields: { isup_details: { typed: ['GST', 'NONGST'], amounts: ['inter', 'intra'] } } },
    intr_ltfee: { fields: { intr_details: { amounts: TAX }, ltfee_details: { amounts: ['camt', 'samt'] } } },
  },
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paise of a wire amount, or a problem. */
const amountProblem = (value: unknown, path: string, negative: boolean): string | null => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${path} must be a number`;
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return `${path} has more than two decimals`;
  if (value < 0 && !negative) return `${path} must not be below zero`;
  return null;
};

const checkAmounts = (
  json: Json,
  path: string,
  allowed: readonly string[],
  negative: boolean,
  out: string[],
  skip: string[] = [],
): void => {
  for (const [key, value] of Object.entries(json)) {
    if (skip.includes(key)) continue;
    if (!allowed.includes(key)) out.push(`${path}.${key} is not a field of the format`);
    else {
      const problem = amountProblem(value, `${path}.${key}`, negative);
      if (problem) out.push(problem);
    }
  }
};

const check = (value: unknown, shape: Shape, path: string, out: string[]): void => {
  if ('fields' in shape) {
    if (!isObject(value)) return void out.push(`${path} must be an object`);
    for (const [key, inner] of Object.entries(value)) {
      const sub = shape.fields[key];
      if (sub) check(inner, sub, `${path}.${key}`, out);
      else out.push(`${path}.${key} is not a field of the format`);
    }
  } else if ('places' in shape) {
    if (!Array.isArray(value)) return void out.push(`${path} must be a list`);
    const seen = new Set<string>();
    value.forEach((row, i) => {
      if (!isObject(row)) return void out.push(`${path}[${i}] must be an object`);
      const pos = row['pos'];
      if (typeof pos !== 'string' || !isPlaceOfSupplyCode(pos)) out.push(`${path}[${i}].pos is not a state code`);
      else if (seen.has(pos)) out.push(`${path}[${i}].pos ${pos} is given twice`);
      else seen.add(pos);
      checkAmounts(row, `${path}[${i}]`, ['txval', 'iamt'], false, out, ['pos']);
    });
  } else if ('typed' in shape) {
    if (!Array.isArray(value)) return void out.push(`${path} must be a list`);
    const seen = new Set<string>();
    value.forEach((row, i) => {
      if (!isObject(row)) return void out.push(`${path}[${i}] must be an object`);
      const ty = row['ty'];
      if (typeof ty !== 'string' || !shape.typed.includes(ty)) out.push(`${path}[${i}].ty must be one of ${shape.typed.join(', ')}`);
      else if (seen.has(ty)) out.push(`${path}[${i}].ty ${ty} is given twice`);
      else seen.add(ty);
      checkAmounts(row, `${path}[${i}]`, shape.amounts, false, out, ['ty']);
    });
  } else {
    if (!isObject(value)) return void out.push(`${path} must be an object`);
    checkAmounts(value, path, shape.amounts, shape.negative ?? false, out);
  }
};

const paise = (v: unknown): number => (typeof v === 'number' ? Math.round(v * 100) : 0);
const rows = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** The whole-save problem of a 3B payload (gstin and period checked by the caller), or null. */
export const gstr3bStructureProblem = (json: Json): SaveProblem | null => {
  const problems: string[] = [];
  const { gstin: _gstin, ret_period: _period, ...tables } = json;
  check(tables, SHAPE, '3B', problems);
  if (problems.length > 0) return { code: 'RET191103', message: `Schema validation failed: ${problems.slice(0, 10).join('; ')}` };
  const itc = isObject(json['itc_elg']) ? json['itc_elg'] : {};
  const net = isObject(itc['itc_net']) ? itc['itc_net'] : null;
  if (net) {
    for (const key of TAX) {
      const expected =
        rows(itc['itc_avl']).reduce((s, r) => s + paise(r[key]), 0) - rows(itc['itc_rev']).reduce((s, r) => s + paise(r[key]), 0);
      // The portal's code and words (a GSP's 3B builder checks its figures against them).
      if (paise(net[key]) !== expected) return { code: 'RET3B91404', message: 'NET ITC is not equal to ITC Available - ITC Reversed' };
    }
  }
  return null;
};
