import { headerKey, type ImportAlias, type ImportColumn, type ImportFileHeaders } from '@opengst/contracts';

// The "Map columns" dialog's rules, kept out of the component: one header per column in the form (further aliases
// saved through the API are kept as they are), at most 40 characters (spec core §5 "column alias 40"), and no
// header may stand for two columns, nor be the name of another of our columns. The server checks the same.

export const MAX_ALIAS_LENGTH = 40;

export type Mapping = { values: Record<string, string>; extras: Record<string, string[]> };

export type MappingProblem = { kind: 'tooLong' } | { kind: 'duplicate'; column: string };

export const mappingFromAliases = (columns: readonly ImportColumn[], aliases: readonly ImportAlias[]): Mapping => {
  const values: Record<string, string> = {};
  const extras: Record<string, string[]> = {};
  for (const column of columns) {
    const mine = aliases.filter((a) => a.column === column.key).map((a) => a.alias);
    values[column.key] = mine[0] ?? '';
    if (mine.length > 1) extras[column.key] = mine.slice(1);
  }
  return { values, extras };
};

/** Problems by column key; an empty object means the mapping can be saved. */
export const mappingProblems = (columns: readonly ImportColumn[], mapping: Mapping): Record<string, MappingProblem> => {
  const problems: Record<string, MappingProblem> = {};
  // Every header already spoken for: our column names, and the aliases of earlier columns.
  const taken = new Map(columns.map((c) => [headerKey(c.name), c.name]));
  for (const column of columns) {
    for (const extra of mapping.extras[column.key] ?? []) taken.set(headerKey(extra), column.name);
  }
  for (const column of columns) {
    const alias = mapping.values[column.key] ?? '';
    if (alias.trim() === '') continue;
    if (alias.trim().length > MAX_ALIAS_LENGTH) {
      problems[column.key] = { kind: 'tooLong' };
      continue;
    }
    const owner = taken.get(headerKey(alias));
    if (owner !== undefined) problems[column.key] = { kind: 'duplicate', column: owner };
    else taken.set(headerKey(alias), column.name);
  }
  return problems;
};

export const aliasesFromMapping = (columns: readonly ImportColumn[], mapping: Mapping): ImportAlias[] =>
  columns.flatMap((column) => {
    const alias = (mapping.values[column.key] ?? '').trim();
    return [
      ...(alias ? [{ column: column.key, alias }] : []),
      ...(mapping.extras[column.key] ?? []).map((extra) => ({ column: column.key, alias: extra })),
    ];
  });

/** The required columns an IMP0008 message names ("Required columns missing from the header row: A, B."). */
export const missingColumnsOf = (columns: readonly ImportColumn[], message: string | null): string[] => {
  const listed = /header row: (.*)\.$/.exec(message ?? '')?.[1]?.split(', ') ?? [];
  return columns.filter((c) => listed.includes(c.name)).map((c) => c.key);
};

/**
 * The file's headers that no column reads: neither found by the server (name, known header, saved alias) nor picked
 * in the form now. What the user still has to place, or may ignore.
 */
export const unusedHeaders = (file: ImportFileHeaders, columns: readonly ImportColumn[], mapping: Mapping): string[] => {
  const read = new Set(Object.values(file.matched).map(headerKey));
  for (const column of columns) {
    const alias = mapping.values[column.key] ?? '';
    if (alias.trim() !== '') read.add(headerKey(alias));
  }
  return file.headers.filter((header) => !read.has(headerKey(header)));
};
