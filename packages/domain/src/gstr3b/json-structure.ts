// The portal's GSTR-3B structure (fixtures/gstr3b_structure_reference.json, compiled from GSTN's gstr_3b_details.json
// schema; source in fixtures/README.md) as a check: every key, every `ty` row in its order, numbers in rupees with at
// most 2 decimals, places of supply, periods and GSTINs. The domain's tests hold gstr3bJsonOf to it, the server's its
// download.
import { isPlaceOfSupplyCode } from '../identity/states';
import reference from './fixtures/gstr3b_structure_reference.json' with { type: 'json' };

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

const problemsOf = (actual: unknown, sample: Json, path: string, out: string[]): string[] => {
  if (isObject(sample)) {
    if (!isObject(actual)) return [...out, `${path}: expected an object`];
    const want = Object.keys(sample).sort();
    const got = Object.keys(actual).sort();
    if (want.join() !== got.join()) out.push(`${path}: keys ${got.join()} instead of ${want.join()}`);
    for (const k of want) if (k in actual) problemsOf(actual[k], sample[k]!, `${path}.${k}`, out);
    return out;
  }
  if (Array.isArray(sample)) {
    if (!Array.isArray(actual)) return [...out, `${path}: expected a list`];
    const coded = sample.every((s) => isObject(s) && typeof s['ty'] === 'string');
    if (coded) {
      // Lists of `ty` rows: the same rows in the same order.
      const tys = (xs: unknown[]) => xs.map((x) => (isObject(x) ? x['ty'] : undefined)).join();
      if (tys(actual) !== tys(sample)) out.push(`${path}: ty ${tys(actual)} instead of ${tys(sample)}`);
      sample.forEach((s, i) => problemsOf(actual[i], s, `${path}[${i}]`, out));
    } else actual.forEach((a, i) => problemsOf(a, sample[0]!, `${path}[${i}]`, out));
    return out;
  }
  if (typeof sample === 'number') {
    if (typeof actual !== 'number' || !/^-?\d+(\.\d{1,2})?$/.test(String(actual)))
      out.push(`${path}: ${String(actual)} is not rupees with 2 decimals`);
    return out;
  }
  if (typeof sample === 'string') {
    if (typeof actual !== 'string') return [...out, `${path}: expected text`];
    if (sample === 'NN' && !isPlaceOfSupplyCode(actual)) out.push(`${path}: ${actual} is not a place of supply`);
    if (sample === 'MMYYYY' && !/^[0-9]{6}$/.test(actual)) out.push(`${path}: ${actual} is not MMYYYY`);
    if (sample.startsWith('<15-char') && actual.length !== 15) out.push(`${path}: ${actual} is not 15 characters`);
  }
  return out;
};

/** Every place where a GSTR-3B JSON breaks the portal's structure, as `path: problem`; [] when none. */
export const gstr3bJsonProblems = (json: unknown): string[] => problemsOf(json, reference.sample_payload as Json, '$', []);
