// Document number series (/series) and their allocation to locations and document types (/allocate-series), issue 20.
// A series belongs to one financial year and forms its prefix and a zero-padded running number (Rule 46(b) of the CGST
// Rules: at most 16 characters of letters, digits, '-' and '/', unique per financial year). An allocation offers a
// series on the document screen for one location and document type, the default one preselected. Numbers are drawn
// when a document is saved (not a draft), in the document's own transaction, so they have no gaps and no duplicates.
import { SERIES_DOCUMENT_TYPES, SERIES_MAX_PADDING } from '@opengst/domain';
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);

export const SeriesStatusSchema = z.enum(['Active', 'Inactive']);
export type SeriesStatus = z.infer<typeof SeriesStatusSchema>;
export const SeriesDocumentTypeSchema = z.enum(SERIES_DOCUMENT_TYPES as [string, ...string[]], {
  message: `Choose one of the documents a location numbers: ${SERIES_DOCUMENT_TYPES.join(', ')}.`,
});

/** Spec modules §2.5 and §9: /series and /allocate-series sort 'id DESC'. */
export const SERIES_DEFAULT_SORT = 'id DESC';
export const SERIES_SORT_COLUMNS = ['id', 'name', 'financialYear', 'prefix', 'nextNumber', 'status', 'updatedAt'] as const;
export const ALLOCATION_SORT_COLUMNS = ['id', 'seriesName', 'entityName', 'documentType', 'status', 'updatedAt'] as const;

export const SeriesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  financialYear: z.string(),
  prefix: z.string(),
  padding: z.number().int(),
  startNumber: z.number().int(),
  nextNumber: z.number().int(),
  /** The number the next document will take, as formed. */
  nextDocumentNumber: z.string(),
  /** How many documents it has numbered; a series that has numbered one cannot be deleted. */
  numbered: z.number().int(),
  lastNumber: z.string().nullable(),
  /** Active allocations to locations and document types. */
  allocations: z.number().int(),
  status: SeriesStatusSchema,
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type Series = z.infer<typeof SeriesSchema>;

export const SeriesFiltersSchema = z.object({
  text: z.string().trim().max(100).nullish(),
  financialYear: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullish(),
  status: SeriesStatusSchema.nullish(),
});
export type SeriesFilters = z.infer<typeof SeriesFiltersSchema>;

export const SeriesSaveSchema = z.object({
  /** Absent: a new series. */
  id: id.optional(),
  name: z.string().trim().min(1, 'Name is required.').max(60),
  financialYear: z.string().regex(/^\d{4}-\d{2}$/, 'Choose a financial year such as 2026-27.'),
  prefix: z.string().trim().max(15).default(''),
  padding: z.number().int().min(1).max(SERIES_MAX_PADDING),
  startNumber: z.number().int().min(1, 'The first number is 1 or more.').max(Number.MAX_SAFE_INTEGER),
  /** Edit only: the next number may be raised (to skip numbers used outside OpenGST), never lowered once used. */
  nextNumber: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  status: SeriesStatusSchema.default('Active'),
});
export type SeriesSave = z.input<typeof SeriesSaveSchema>;

export const SeriesIdsSchema = z.object({ ids: Ids });
export const SeriesStatusRequestSchema = z.object({ ids: Ids, status: SeriesStatusSchema });
export const SeriesIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const SeriesBulkResultSchema = z.object({ affected: z.number().int() });

export const AllocationSchema = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  seriesName: z.string(),
  financialYear: z.string(),
  prefix: z.string(),
  nextDocumentNumber: z.string(),
  seriesStatus: SeriesStatusSchema,
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string().nullable(),
  documentType: z.string(),
  isDefault: z.boolean(),
  numbered: z.number().int(),
  status: SeriesStatusSchema,
  updatedAt: z.string(),
});
export type Allocation = z.infer<typeof AllocationSchema>;

export const AllocationFiltersSchema = z.object({
  entityIds: z.array(id).max(1000).nullish(),
  seriesId: id.nullish(),
  documentType: z.string().max(5).nullish(),
  financialYear: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullish(),
  status: SeriesStatusSchema.nullish(),
});
export type AllocationFilters = z.infer<typeof AllocationFiltersSchema>;

export const AllocationSaveSchema = z.object({
  id: id.optional(),
  seriesId: id,
  entityId: id,
  documentType: SeriesDocumentTypeSchema,
  isDefault: z.boolean().default(false),
  status: SeriesStatusSchema.default('Active'),
});
export type AllocationSave = z.input<typeof AllocationSaveSchema>;

/** The series the document screen offers for a location, document type and date (its financial year). */
export const AvailableSeriesQuerySchema = z.object({
  entityId: z.coerce.number().int().positive(),
  documentType: z.string().max(5),
  documentDate: z.iso.date(),
});
export const AvailableSeriesSchema = z.object({
  seriesId: z.number().int(),
  name: z.string(),
  nextDocumentNumber: z.string(),
  isDefault: z.boolean(),
});
export type AvailableSeries = z.infer<typeof AvailableSeriesSchema>;
