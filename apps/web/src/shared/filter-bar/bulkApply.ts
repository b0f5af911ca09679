// Bulk apply of the shared filter bar (spec modules §5): one value per line, blank lines dropped, tabs removed, each
// line trimmed, duplicates removed; a line longer than the field's maximum is refused (keywordLengthInvalid), and more
// lines than the maxBulkSearchKeywords setting disable Apply (keywordExceededLimit). The apply-and-download mode has
// no line limit.

export type BulkApplyProblem =
  | { kind: 'keywordLengthInvalid'; line: number; length: number; max: number }
  | { kind: 'keywordExceededLimit'; count: number; max: number };

export type BulkApplyResult = { values: string[]; problem: BulkApplyProblem | null };

export type BulkApplyLimits = { maxLength: number; maxLines: number | null };

export const parseBulkLines = (text: string, limits: BulkApplyLimits): BulkApplyResult => {
  const values: string[] = [];
  const seen = new Set<string>();
  let tooLong: BulkApplyProblem | null = null;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const value = raw.replace(/\t/g, '').trim();
    if (value === '') return;
    if (!tooLong && value.length > limits.maxLength)
      tooLong = { kind: 'keywordLengthInvalid', line: index + 1, length: value.length, max: limits.maxLength };
    if (seen.has(value)) return;
    seen.add(value);
    values.push(value);
  });
  if (limits.maxLines !== null && values.length > limits.maxLines) {
    return { values, problem: { kind: 'keywordExceededLimit', count: values.length, max: limits.maxLines } };
  }
  return { values, problem: tooLong };
};

/** Apply is disabled while there is nothing to apply or too many lines; a too-long line is reported on Apply. */
export const canApplyBulk = (result: BulkApplyResult): boolean =>
  result.values.length > 0 && result.problem?.kind !== 'keywordExceededLimit';
