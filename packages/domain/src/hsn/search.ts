// Search over the HSN/SAC directory (issue 20): by code (the digits typed) or by the words of the descriptions, forgiving a
// typo, ranked exact code > code prefix > every word exact > words with typos, then shorter codes first. The index is built
// once per directory; a query reads sorted arrays only (binary searches and one walk of the vocabulary for typos), so it
// stays well under a millisecond or two over the whole directory of ~22,000 codes.
import type { HsnKind } from './hsn';
import type { HsnLevel, HsnRecord } from './hsn-directory';

export type HsnSearchMatch = 'code' | 'codePrefix' | 'words' | 'wordsWithTypos';

/** A GST rate the project knows for a code and the codes below it, dated like the rate slabs (tax/rates.ts). */
export type HsnCodeRate = {
  code: string;
  ratePercent: number;
  effectiveFrom: string;
  effectiveTo?: string;
  /** The notification and schedule entry. */
  source: string;
};

export type HsnAncestor = { level: Exclude<HsnLevel, 'tariffItem'>; code: string; description: string | null };

export type HsnSearchResult = {
  code: string;
  kind: HsnKind;
  level: HsnLevel;
  description: string;
  match: HsnSearchMatch;
  /** Chapter, heading and sub-heading above the code (those shorter than it), with their text where the directory has them. */
  hierarchy: HsnAncestor[];
  rate: { ratePercent: number; effectiveFrom: string; source: string } | null;
};

export type HsnSearchPage = { total: number; results: HsnSearchResult[] };

/**
 * Everyday names the tariff's own words never use, each given to a code and every code below it: without them a
 * visitor typing "laptop" finds nothing, as the tariff says "portable automatic data processing machines".
 */
export const HSN_COMMON_NAMES: readonly { code: string; words: readonly string[] }[] = [
  // Chapter 84 Note 6(A): automatic data processing machines are what everyone calls computers.
  { code: '8471', words: ['COMPUTER', 'COMPUTERS'] },
  // Sub-heading 8471 30: portable ADP machines of at most 10 kg with a CPU, keyboard and display, i.e. laptops.
  { code: '847130', words: ['LAPTOP', 'LAPTOPS'] },
];

type Entry = { record: HsnRecord; words: string[] };

export type HsnSearchIndex = {
  /** Ordered by code length, then code: a record's position is its rank among results of one tier. */
  readonly entries: readonly Entry[];
  readonly positionOf: ReadonlyMap<string, number>;
  /** Positions in code order, for prefix ranges. */
  readonly byCode: Int32Array;
  /** Distinct words of the descriptions (and common names), sorted; the postings of word i are postings[start[i]..start[i+1]). */
  readonly vocabulary: readonly string[];
  readonly postingStart: Int32Array;
  readonly postings: Int32Array;
  readonly rates: readonly HsnCodeRate[];
};

/** Upper-case words of a text: runs of letters and digits. */
export const searchWords = (text: string): string[] => text.toUpperCase().match(/[A-Z0-9]+/g) ?? [];

/**
 * Edits forgiven in a query word: 1, or 2 from 8 letters. Words of 1 to 3 letters must be typed right: one edit of "ic"
 * is a prefix of almost every word.
 */
export const typosAllowed = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

const MAX_QUERY_WORDS = 8;
const CODE_QUERY = /^[0-9]{1,8}$/;
const ANCESTORS = [
  [2, 'chapter'],
  [4, 'heading'],
  [6, 'subheading'],
] as const;

const byLengthThenCode = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Builds the index of a directory's records (readHsnDirectory's), with the dated rates known for codes, if any. */
export function buildHsnIndex(records: readonly HsnRecord[], rates: readonly HsnCodeRate[] = []): HsnSearchIndex {
  const commonNames = (code: string): string[] => HSN_COMMON_NAMES.filter((n) => code.startsWith(n.code)).flatMap((n) => n.words);
  const entries = [...records]
    .sort((a, b) => byLengthThenCode(a.code, b.code))
    .map((record) => ({ record, words: [...new Set([...searchWords(record.description), ...commonNames(record.code)])] }));
  const positionOf = new Map(entries.map((e, i) => [e.record.code, i]));
  const byCode = Int32Array.from(entries.keys()).sort((a, b) => (entries[a]!.record.code < entries[b]!.record.code ? -1 : 1));

  const positionsByWord = new Map<string, number[]>();
  entries.forEach((entry, position) => {
    for (const word of entry.words) {
      const list = positionsByWord.get(word);
      if (list) list.push(position);
      else positionsByWord.set(word, [position]);
    }
  });
  const vocabulary = [...positionsByWord.keys()].sort();
  const postingStart = new Int32Array(vocabulary.length + 1);
  const postings = new Int32Array(vocabulary.reduce((n, w) => n + positionsByWord.get(w)!.length, 0));
  vocabulary.forEach((word, i) => {
    const list = positionsByWord.get(word)!;
    postings.set(list, postingStart[i]!);
    postingStart[i + 1] = postingStart[i]! + list.length;
  });
  return { entries, positionOf, byCode, vocabulary, postingStart, postings, rates };
}

/** The first index in [0, hi) for which `below` is false (`below` holds for a leading run of indexes, then never). */
const lowerBound = (hi: number, below: (i: number) => boolean): number => {
  let lo = 0;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** The range of sorted `words` that start with `prefix`. */
const prefixRange = (words: readonly string[], prefix: string): [number, number] => {
  const lo = lowerBound(words.length, (i) => words[i]! < prefix);
  // Every word starting with the prefix sorts before the prefix followed by the highest character.
  const hi = lowerBound(words.length, (i) => words[i]! < prefix + '\uffff');
  return [lo, hi];
};

const sharesPrefix = (a: string, b: string, length: number): boolean => {
  if (a.length < length) return false;
  for (let c = 0; c < length; c++) if (a.charCodeAt(c) !== b.charCodeAt(c)) return false;
  return true;
};

/**
 * The vocabulary ranges whose words begin with a prefix within `k` edits of `word`. One walk of the sorted vocabulary:
 * the edit-distance rows of a shared prefix are reused from the previous word; a prefix past the limit skips every word
 * that starts with it, a prefix within it takes them all.
 */
const typoRanges = (vocabulary: readonly string[], word: string, k: number): [number, number][] => {
  const m = word.length;
  const width = m + 1;
  let rows = new Int32Array(width * 32);
  for (let j = 0; j <= m; j++) rows[j] = j;
  const ranges: [number, number][] = [];
  let previous = '';
  let validDepth = 0;
  let i = 0;
  while (i < vocabulary.length) {
    const v = vocabulary[i]!;
    let depth = 0;
    const shared = Math.min(validDepth, previous.length, v.length);
    while (depth < shared && previous.charCodeAt(depth) === v.charCodeAt(depth)) depth++;
    if ((v.length + 1) * width > rows.length) {
      const grown = new Int32Array((v.length + 1) * width * 2);
      grown.set(rows);
      rows = grown;
    }
    let outcome: 'match' | 'pruned' | 'none' = 'none';
    while (depth < v.length) {
      const c = v.charCodeAt(depth);
      const from = depth * width;
      const to = from + width;
      rows[to] = depth + 1;
      let rowMin = rows[to]!;
      for (let j = 1; j <= m; j++) {
        const cost = word.charCodeAt(j - 1) === c ? 0 : 1;
        const cell = Math.min(rows[from + j - 1]! + cost, rows[from + j]! + 1, rows[to + j - 1]! + 1);
        rows[to + j] = cell;
        if (cell < rowMin) rowMin = cell;
      }
      depth++;
      if (rows[to + m]! <= k) {
        outcome = 'match';
        break;
      }
      if (rowMin > k) {
        outcome = 'pruned';
        break;
      }
    }
    previous = v;
    validDepth = depth;
    if (outcome === 'none') {
      i++;
      continue;
    }
    // The words sharing this prefix follow it; a group is a few words at the depths where a walk stops.
    let end = i + 1;
    while (end < vocabulary.length && sharesPrefix(vocabulary[end]!, v, depth)) end++;
    if (outcome === 'match') ranges.push([i, end]);
    i = end;
  }
  return ranges;
};

/** The rate in force on `onDate` from the most specific known code above or at `code`. */
const rateOf = (rates: readonly HsnCodeRate[], code: string, onDate: string): HsnSearchResult['rate'] => {
  let best: HsnCodeRate | undefined;
  for (const r of rates) {
    const inForce = r.effectiveFrom <= onDate && (r.effectiveTo === undefined || onDate <= r.effectiveTo);
    if (inForce && code.startsWith(r.code) && (!best || r.code.length > best.code.length)) best = r;
  }
  return best ? { ratePercent: best.ratePercent, effectiveFrom: best.effectiveFrom, source: best.source } : null;
};

const TIERS: readonly HsnSearchMatch[] = ['code', 'codePrefix', 'words', 'wordsWithTypos'];

const resultOf = (index: HsnSearchIndex, position: number, match: HsnSearchMatch, onDate: string | undefined): HsnSearchResult => {
  const { record } = index.entries[position]!;
  const hierarchy = ANCESTORS.filter(([digits]) => digits < record.code.length).map(([digits, level]) => {
    const code = record.code.slice(0, digits);
    const at = index.positionOf.get(code);
    return { level, code, description: at === undefined ? null : index.entries[at]!.record.description };
  });
  return {
    code: record.code,
    kind: record.kind,
    level: record.level,
    description: record.description,
    match,
    hierarchy,
    rate: onDate === undefined ? null : rateOf(index.rates, record.code, onDate),
  };
};

/** Tier and position in one number, so that one numeric sort ranks the matches. */
const rankedPositions = (index: HsnSearchIndex, query: string): Float64Array => {
  const size = index.entries.length;
  const code = query.replace(/[\s.]/g, '');
  if (CODE_QUERY.test(code)) {
    const { byCode, entries } = index;
    const codeAt = (i: number) => entries[byCode[i]!]!.record.code;
    const lo = lowerBound(byCode.length, (i) => codeAt(i) < code);
    const hi = lowerBound(byCode.length, (i) => codeAt(i) < code + '\uffff');
    const keys = new Float64Array(hi - lo);
    for (let i = lo; i < hi; i++) keys[i - lo] = (codeAt(i) === code ? 0 : 1) * size + byCode[i]!;
    return keys.sort();
  }
  const words = [...new Set(searchWords(query))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return new Float64Array(0);
  // How many of the query's words, taken in order, a record has matched exactly / with typos allowed.
  const exact = new Uint8Array(size);
  const loose = new Uint8Array(size);
  const { vocabulary, postingStart, postings } = index;
  const mark = (counts: Uint8Array, ranges: readonly [number, number][], wordIndex: number) => {
    for (const [from, to] of ranges) {
      for (let p = postingStart[from]!; p < postingStart[to]!; p++) {
        const position = postings[p]!;
        if (counts[position] === wordIndex) counts[position] = wordIndex + 1;
      }
    }
  };
  words.forEach((word, w) => {
    mark(exact, [prefixRange(vocabulary, word)], w);
    const k = typosAllowed(word);
    mark(loose, k === 0 ? [prefixRange(vocabulary, word)] : typoRanges(vocabulary, word, k), w);
  });
  const all = words.length;
  let count = 0;
  for (let p = 0; p < size; p++) if (loose[p] === all) count++;
  const keys = new Float64Array(count);
  let n = 0;
  for (let p = 0; p < size; p++) if (loose[p] === all) keys[n++] = (exact[p] === all ? 2 : 3) * size + p;
  return keys.sort();
};

/**
 * One page of the directory's codes matching `query`: digits (spaces and dots ignored, "8471.30") search codes, the exact
 * code first and then the codes starting with it; anything else searches words, every query word matching the start of a
 * word of the description (or a common name of HSN_COMMON_NAMES), or within typosAllowed edits of the start of one,
 * ranked below exact. `onDate` (ISO) picks the rate in force; without it no rate is given.
 */
export function searchHsn(
  index: HsnSearchIndex,
  query: string,
  limit: number,
  options: { offset?: number; onDate?: string } = {},
): HsnSearchPage {
  const keys = rankedPositions(index, query);
  const size = index.entries.length;
  const from = Math.max(0, options.offset ?? 0);
  const page = keys.subarray(from, from + Math.max(0, limit));
  const results = Array.from(page, (key) => {
    const tier = Math.floor(key / size);
    return resultOf(index, key - tier * size, TIERS[tier]!, options.onDate);
  });
  return { total: keys.length, results };
}
