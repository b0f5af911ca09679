import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors';

// The request and answer schemas of a list endpoint are in @opengst/contracts (list.ts); this is the server's half.

/** Turns "{field} ASC|DESC" into an ORDER BY over allowed columns, with the id as a stable tie-break. */
export const orderByOf = (
  sortExpression: string | null | undefined,
  columns: Record<string, AnyPgColumn>,
  fallback: string,
  tieBreak: AnyPgColumn,
): SQL[] => {
  const expression = (sortExpression ?? '').trim() || fallback;
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec(expression);
  // Own keys only: "constructor ASC" must not find Object.prototype.constructor (issue 16: a 500 on 15 endpoints).
  const column = match?.[1] && Object.hasOwn(columns, match[1]) ? columns[match[1]] : undefined;
  if (!match || !column) {
    throw new AppError('GEN0009', {
      propertyName: 'SortExpression',
      message: `Sort by one of: ${Object.keys(columns).join(', ')}, then ASC or DESC.`,
    });
  }
  const direction = match[2]?.toUpperCase() === 'DESC' ? desc : asc;
  return column === tieBreak ? [direction(column)] : [direction(column), direction(tieBreak)];
};
