import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';

// The public HSN/SAC search of /hsn-codes-master (spec core §2 "Sign-in and public routes", modules §2.7; issue 20):
// the GST portal's whole directory, for anyone, signed in or not.

/** The most results one page may ask for. */
export const HSN_SEARCH_MAX_SIZE = 100;

export const HsnSearchQuerySchema = z.object({
  /** Digits search codes ("8471", "8471 30"); anything else searches the words of the descriptions. */
  text: z.string().trim().min(1).max(100),
  start: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(HSN_SEARCH_MAX_SIZE).default(25),
});
export type HsnSearchQuery = z.infer<typeof HsnSearchQuerySchema>;

export const HsnSearchMatchSchema = z.enum(['code', 'codePrefix', 'words', 'wordsWithTypos']);

export const HsnSearchItemSchema = z.object({
  code: z.string(),
  kind: z.enum(['HSN', 'SAC']),
  level: z.enum(['chapter', 'heading', 'subheading', 'tariffItem']),
  description: z.string(),
  /** Why it was found, in rank order: the exact code, a code starting with the digits, every word, words with a typo. */
  match: HsnSearchMatchSchema,
  /** Chapter, heading and sub-heading above the code; the description is null where the directory lacks that code. */
  hierarchy: z.array(
    z.object({ level: z.enum(['chapter', 'heading', 'subheading']), code: z.string(), description: z.string().nullable() }),
  ),
  /** The GST rate in force today with the date it took effect, only where the project's dated rates know the code. */
  rate: z.object({ ratePercent: z.number(), effectiveFrom: z.string(), source: z.string() }).nullable(),
});
export type HsnSearchItem = z.infer<typeof HsnSearchItemSchema>;

export const HsnSearchResponseSchema = z.object({ items: z.array(HsnSearchItemSchema), totalRecords: z.number().int() });
export type HsnSearchResponse = z.infer<typeof HsnSearchResponseSchema>;

export const HSN_SEARCH_ENDPOINTS = {
  search: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/public/hsnSacCodes`,
    query: HsnSearchQuerySchema,
    response: HsnSearchResponseSchema,
  }),
};
export const HSN_SEARCH_API = pathsOf(HSN_SEARCH_ENDPOINTS);
