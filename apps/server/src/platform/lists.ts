import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from './errors';

/**
 * The paging of every list endpoint (ARCHITECTURE.md "Data"): start/size, a sortExpression "{field} ASC|DESC" checked
 * against an allow-list, and the module's own filters. Answers `{ items, totalRecords }`.
 */
export const listRequestSchema = <F extends z.ZodType>(filters: F) =>
  z.object({
    start: z.number().int().min(0).default(0),
    size: z.number().int().min(1).max(1000).default(50),
    sortExpression: z.string().max(100).nullish(),
    filters: filters.optional(),
  });

export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), totalRecords: z.number().int() });

/** Turns "{field} ASC|DESC" into an ORDER BY over allowed columns, with the id as a stable tie-break. */
export const orderByOf = (
  sortExpression: string | null | undefined,
  columns: Record<string, AnyPgColumn>,
  fallback: string,
  tieBreak: AnyPgColumn,
): SQL[] => {
  const expression = (sortExpression ?? '').trim() || fallback;
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec(expression);
  const column = match?.[1] ? columns[match[1]] : undefined;
  if (!match || !column) {
    throw new AppError('GEN0009', { propertyName: 'SortExpression', message: `Sort by one of: ${Object.keys(columns).join(', ')}, then ASC or DESC.` });
  }
  const direction = match[2]?.toUpperCase() === 'DESC' ? desc : asc;
  return column === tieBreak ? [direction(column)] : [direction(column), direction(tieBreak)];
};
