// "Why did this (not) match": every compared field with both values and the difference
// (portal minus books), and for unpaired documents the nearest candidates with the reason
// each was not paired.
import { analyseDocumentNumber } from './doc-number';
import {
  RULE_TEXT,
  dateDifference,
  dayNumber,
  nearRejection,
  periodDistance,
  recipientOf,
  recipientsDiffer,
  yearRejection,
} from './compare';
import type { FamilyTable, ReconcileRow, ResultContext } from './row';
import { familyKey, isAcrossPeriods, periodsOf } from './row';
import {
  MONEY_FIELDS,
  type ComparedField,
  type ReconcileDocument,
  type ReconcileStatus,
  type RejectedCandidate,
  type ReportedElsewhere,
  type RowExplanation,
} from './types';

const LABEL = 'portal minus books' as const;

const sum = (docs: readonly ReconcileDocument[], f: (typeof MONEY_FIELDS)[number]): number => {
  let t = 0;
  for (const d of docs) t += d[f];
  return t;
};

const joined = <T>(docs: readonly ReconcileDocument[], f: (d: ReconcileDocument) => T): T | string | null => {
  if (docs.length === 0) return null;
  const values = docs.map(f);
  return values.every((v) => v === values[0]) ? values[0]! : values.map(String).join(', ');
};

const ratesOf = (docs: readonly ReconcileDocument[]): string =>
  [...new Set(docs.flatMap((d) => d.rates ?? []))].sort((a, b) => a - b).join(', ');

/** Compares the books side with the portal side of a row (sums when a side holds several documents). */
export const compareFields = (
  books: readonly ReconcileDocument[],
  portal: readonly ReconcileDocument[],
  ctx: ResultContext,
): ComparedField[] => {
  const { settings, tolerancePaise } = ctx.rs;
  const cols = settings.matchColumns;
  const paired = books.length > 0 && portal.length > 0;
  const fields: ComparedField[] = [];
  const plain = (
    field: ComparedField['field'],
    b: string | number | boolean | null,
    g: string | number | boolean | null,
    isMatchColumn: boolean,
  ): void => {
    fields.push({
      field,
      books: b,
      portal: g,
      difference: null,
      differenceLabel: LABEL,
      outcome: !paired ? 'not compared' : b === g ? 'equal' : 'different',
      isMatchColumn,
    });
  };

  const bNo = joined(books, (d) => d.documentNumber);
  const gNo = joined(portal, (d) => d.documentNumber);
  let numberOutcome: ComparedField['outcome'] = 'not compared';
  if (paired) {
    const norm = settings.numberNormalisation;
    const same = (a: readonly ReconcileDocument[]) => a.map((d) => analyseDocumentNumber(d.documentNumber, norm).key).join(',');
    numberOutcome = bNo === gNo ? 'equal' : same(books) === same(portal) ? 'within tolerance' : 'different';
  }
  fields.push({
    field: 'documentNumber',
    books: bNo,
    portal: gNo,
    difference: null,
    differenceLabel: LABEL,
    outcome: numberOutcome,
    isMatchColumn: false,
  });

  const bDate = books.length ? [...books].map((d) => d.documentDate).sort()[0]! : null;
  const gDate = portal.length ? [...portal].map((d) => d.documentDate).sort()[0]! : null;
  const days = bDate !== null && gDate !== null ? dateDifference(bDate, gDate) : null;
  fields.push({
    field: 'documentDate',
    books: bDate,
    portal: gDate,
    difference: days === null || Number.isNaN(days) ? null : days,
    differenceLabel: LABEL,
    outcome:
      days === null
        ? 'not compared'
        : days === 0
          ? 'equal'
          : Math.abs(days) <= settings.dateToleranceDays
            ? 'within tolerance'
            : 'different',
    isMatchColumn: cols.documentDate,
  });

  for (const f of MONEY_FIELDS) {
    const b = books.length ? sum(books, f) : null;
    const g = portal.length ? sum(portal, f) : null;
    const diff = b !== null && g !== null ? g - b : null;
    fields.push({
      field: f,
      books: b,
      portal: g,
      difference: diff,
      differenceLabel: LABEL,
      outcome:
        diff === null ? 'not compared' : diff === 0 ? 'equal' : Math.abs(diff) <= tolerancePaise[f] ? 'within tolerance' : 'different',
      isMatchColumn: true,
    });
  }
  plain(
    'documentType',
    joined(books, (d) => d.documentType),
    joined(portal, (d) => d.documentType),
    cols.documentType,
  );
  plain(
    'placeOfSupply',
    joined(books, (d) => d.placeOfSupply ?? null),
    joined(portal, (d) => d.placeOfSupply ?? null),
    cols.placeOfSupply,
  );
  plain(
    'reverseCharge',
    joined(books, (d) => Boolean(d.isReverseCharge)),
    joined(portal, (d) => Boolean(d.isReverseCharge)),
    cols.reverseCharge,
  );
  plain('rate', books.length ? ratesOf(books) : null, portal.length ? ratesOf(portal) : null, cols.rate);
  plain(
    'supplierGstin',
    joined(books, (d) => d.supplierGstin.trim().toUpperCase()),
    joined(portal, (d) => d.supplierGstin.trim().toUpperCase()),
    false,
  );

  // The buyer's registration on each side: it decides the status whenever both are given (s.16(2)(aa)).
  const bRecipients = recipientsOf(books);
  const gRecipients = recipientsOf(portal);
  fields.push({
    field: 'recipientGstin',
    books: bRecipients,
    portal: gRecipients,
    difference: null,
    differenceLabel: LABEL,
    outcome:
      !paired || bRecipients === null || gRecipients === null ? 'not compared' : recipientsDiffer(books, portal) ? 'different' : 'equal',
    isMatchColumn: true,
  });

  // Shown, never matched on: a document reported in a later period than it was booked is still the same document.
  const bPeriods = periodsOf(books);
  const gPeriods = periodsOf(portal);
  const months = bPeriods.length === 1 && gPeriods.length === 1 ? periodDistance(bPeriods[0]!, gPeriods[0]!) : NaN;
  fields.push({
    field: 'returnPeriod',
    books: bPeriods.length > 0 ? bPeriods.join(', ') : null,
    portal: gPeriods.length > 0 ? gPeriods.join(', ') : null,
    difference: Number.isNaN(months) ? null : months,
    differenceLabel: LABEL,
    outcome:
      !paired || bPeriods.length === 0 || gPeriods.length === 0 ? 'not compared' : isAcrossPeriods(books, portal) ? 'different' : 'equal',
    isMatchColumn: false,
  });
  return fields;
};

/** The recipient GSTINs of one side, cleaned, joined; null when none is given. */
const recipientsOf = (docs: readonly ReconcileDocument[]): string | null => {
  const all: string[] = [];
  for (const d of docs) {
    const r = recipientOf(d);
    if (r !== null && !all.includes(r)) all.push(r);
  }
  return all.length > 0 ? all.join(', ') : null;
};

const STATUS_TEXT: Record<ReconcileStatus, string> = {
  Matched: 'The same number, every amount and every match column equal.',
  'Matched due to tolerance': 'Paired: every difference is within tolerance, or the numbers are equal once normalised.',
  Mismatched: 'Paired by number, but an amount or a match column differs beyond tolerance.',
  'Near matched': 'Paired by the near rule (same trailing digits, amounts within tolerance): check that it is one document.',
  'Recipient GSTIN differs': 'The supplier reported the document against another GSTIN of the buyer.',
  'PR only': 'In the purchase register, not in the portal data read.',
  'Awaiting 2B': 'Reported by the supplier, but in no GSTR-2B read yet: the credit comes with the GSTR-2B that lists it.',
  'GST only': 'Reported by the supplier, not in the purchase register.',
  Excluded: 'A user left this purchase out of reconciliation; it puts no ITC at risk.',
  Discarded: "A user discarded this document of the supplier's; it is not counted as credit missing from the books.",
};

const monthYear = (period: string): string => `${period.slice(0, 2)}-${period.slice(2)}`;

/** Where the supplier reported an Awaiting 2B document, in words. */
const reportedText = (r: ReportedElsewhere): string => {
  const where =
    r.source === 'GSTR2A'
      ? `in the GSTR-2A${r.returnPeriod ? ` of ${monthYear(r.returnPeriod)}` : ''}`
      : `in IMS${r.returnPeriod ? ` (the supplier's period ${monthYear(r.returnPeriod)})` : ''}`;
  return (
    `Reported by the supplier ${where} as ${r.documentNumber} of ${r.documentDate}, but in no GSTR-2B read yet (furnished ` +
    "after the GSTR-2B's cut-off, or that GSTR-2B is not generated yet): the credit comes with the GSTR-2B that lists it " +
    '(CGST Act s.16(2)(aa); rule 36(4) from 1-1-2022). Wait for it rather than ask the supplier.'
  );
};

const statusText = (row: ReconcileRow): string => {
  let text = row.status === 'Awaiting 2B' && row.reported ? reportedText(row.reported) : STATUS_TEXT[row.status];
  if (row.status === 'Recipient GSTIN differs') {
    text =
      `The supplier reported this document against GSTIN ${recipientsOf(row.portal) ?? '?'}, not against ` +
      `${recipientsOf(row.purchases) ?? '?'} that booked it: its ITC belongs to the registration in whose GSTR-2B it ` +
      'appears (CGST Act s.16(2)(aa); each registration is a distinct person, s.25(4)).';
  }
  if (row.acrossPeriods) {
    text += ` Across periods: booked in ${periodsOf(row.purchases).join(', ')}, reported in ${periodsOf(row.portal).join(', ')}.`;
  }
  return text;
};

/**
 * Similarity of a candidate for listing: same number first, then same trailing digits, then amounts and dates. Symmetric
 * in its two documents. `k` is the candidate's place in its family's table (ResultContext#familyOf), which holds what
 * each candidate needs already worked out (its number trimmed and analysed, its date as a day number): a run's job
 * scores some 20 million candidates, and doing that work per scoring was most of its explanations' time.
 */
type Own = { doc: ReconcileDocument; trimmed: string; key: string; last: string | undefined; day: number };
const candidateScore = (a: Own, family: FamilyTable, k: number): number => {
  const b = family.docs[k]!;
  let s = 0;
  if (a.trimmed === family.trimmed[k]) s += 3000;
  else if (a.key === family.keys[k]) s += 2000;
  else if (a.last !== undefined && a.last === family.last[k]) s += 1000;
  if (a.doc.documentType === b.documentType) s += 100;
  s -= Math.min(Math.abs(b.taxable - a.doc.taxable) / 100, 1e7) / 1e5;
  // compare.ts#dateDifference: equal texts are 0 days apart, dates or not.
  const dd = a.doc.documentDate === b.documentDate ? 0 : Math.abs(family.days[k]! - a.day);
  s -= Number.isNaN(dd) ? 50 : Math.min(dd, 500) / 10;
  return Math.round(s * 1000) / 1000;
};

const candidateReason = (p: ReconcileDocument, g: ReconcileDocument, other: ReconcileDocument, ctx: ResultContext): string => {
  const row = ctx.rowOf(other);
  if (row?.status === 'Excluded') return 'a user excluded it from reconciliation';
  if (row?.status === 'Discarded') return 'a user discarded it';
  if (row && row.purchases.length > 0 && row.portal.length > 0) {
    const partner = (row.purchases.includes(other) ? row.portal : row.purchases).map((d) => d.documentNumber).join(', ');
    return `already paired with ${partner} (${row.status}, rule ${row.rule})`;
  }
  if (ctx.unlinked.has(p.id + '\u0001' + g.id)) return 'a user unlinked this pair';
  const { settings } = ctx.rs;
  const samePan = familyKey(p.supplierGstin) === familyKey(g.supplierGstin);
  const sameGstin = p.supplierGstin.trim().toUpperCase() === g.supplierGstin.trim().toUpperCase();
  if (!sameGstin && !(samePan && settings.panLevelMatching)) return 'different supplier GSTIN and PAN-level matching is off';
  const norm = settings.numberNormalisation;
  const pa = analyseDocumentNumber(p.documentNumber, norm);
  const ga = analyseDocumentNumber(g.documentNumber, norm);
  if (pa.key === ga.key) {
    return yearRejection(p, g, ctx.rs) ?? 'lost to a better-scoring candidate with the same number';
  }
  const differ = `numbers differ after normalisation (${pa.key} vs ${ga.key})`;
  if (!settings.nearMatching) return `${differ} and near matching is off`;
  const near = nearRejection(p, g, pa, ga, ctx.rs);
  return near ? `${differ}; not a near match: ${near}` : 'lost to a better-scoring near-match candidate';
};

const explainCandidates = (row: ReconcileRow, ctx: ResultContext): RejectedCandidate[] => {
  const limit = ctx.rs.settings.maxExplainedCandidates;
  if (limit === 0) return [];
  const isBooks = row.purchases.length > 0;
  const doc = isBooks ? row.purchases[0]! : row.portal[0]!;
  const family = ctx.familyOf(isBooks ? 1 : 0, doc.supplierGstin);
  const analysed = analyseDocumentNumber(doc.documentNumber, ctx.rs.settings.numberNormalisation);
  const own: Own = {
    doc,
    trimmed: doc.documentNumber.trim(),
    key: analysed.key,
    last: analysed.numbers[analysed.numbers.length - 1],
    day: dayNumber(doc.documentDate),
  };
  // The best `limit` so far, best first (the higher score, then the smaller id): a family of 100,000 documents is
  // scored without sorting it whole.
  const scores: number[] = [];
  const places: number[] = [];
  /** Whether candidate `k` with `score` ranks before the `i`th listed so far. */
  const beats = (score: number, k: number, i: number): boolean =>
    score > scores[i]! || (score === scores[i]! && family.docs[k]!.id < family.docs[places[i]!]!.id);
  const n = family.docs.length;
  for (let k = 0; k < n; k++) {
    const score = candidateScore(own, family, k);
    let at = scores.length;
    if (at === limit) {
      if (!beats(score, k, at - 1)) continue;
      at--;
    }
    while (at > 0 && beats(score, k, at - 1)) at--;
    scores.splice(at, 0, score);
    places.splice(at, 0, k);
    if (scores.length > limit) {
      scores.pop();
      places.pop();
    }
  }
  return places.map((k, i) => {
    const d = family.docs[k]!;
    const [p, g] = isBooks ? [doc, d] : [d, doc];
    return {
      side: isBooks ? 'portal' : 'books',
      id: d.id,
      documentNumber: d.documentNumber,
      documentDate: d.documentDate,
      score: scores[i]!,
      reason: candidateReason(p, g, d, ctx),
    };
  });
};

/**
 * An unpaired row's nearest candidates with the reason each was not paired, as its explanation lists them (none for a
 * pair or a document a user set aside), without building the rest of the explanation.
 */
export const candidatesOf = (row: ReconcileRow, ctx: ResultContext): RejectedCandidate[] =>
  (row.purchases.length > 0 && row.portal.length > 0) || row.status === 'Excluded' || row.status === 'Discarded'
    ? []
    : explainCandidates(row, ctx);

export const explainRow = (row: ReconcileRow, ctx: ResultContext): RowExplanation => {
  return {
    rule: row.rule,
    ruleText: RULE_TEXT[row.rule],
    statusText: statusText(row),
    level: row.level,
    fields: compareFields(row.purchases, row.portal, ctx),
    // A pair needs no "why not"; nor does a document a user set aside.
    candidates: candidatesOf(row, ctx),
    reported: row.reported,
  };
};
