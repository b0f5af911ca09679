import { z } from 'zod';

/**
 * The paging of every list endpoint (ARCHITECTURE.md "Data"): start/size, a sortExpression "{field} ASC|DESC" checked
 * against an allow-list on the server, and the module's own filters. Answers `{ items, totalRecords }`.
 */
export const listRequestSchema = <F extends z.ZodType>(filters: F) =>
  z.object({
    start: z.number().int().min(0).default(0),
    size: z.number().int().min(1).max(1000).default(50),
    sortExpression: z.string().max(100).nullish(),
    filters: filters.optional(),
  });

export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), totalRecords: z.number().int() });
