// Levels (/level-master), verticals (/verticals) and notice tags (/notice-tag), issue 20: three small masters of one
// shape (a name unique per subscriber ignoring case, a description, a status) with a field or two of their own. The
// spec names the screens only (modules §2.5); the calls follow the other masters' (search, save, updateStatus,
// delete, export).
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);

export const NAMED_MASTER_NAME_MAX = 60;
export const NAMED_MASTER_DESCRIPTION_MAX = 200;
/** Approval runs from rank 1 upwards; twenty steps is more than any organisation's chain of approval. */
export const LEVEL_RANK_MAX = 20;
export const VERTICAL_CODE_MAX = 20;

export const NamedMasterStatusSchema = z.enum(['Active', 'Inactive']);
export type NamedMasterStatus = z.infer<typeof NamedMasterStatusSchema>;

/** What every named master answers: `inUse` counts the records holding it (a level's users, a vertical's entities). */
const recordFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: NamedMasterStatusSchema,
  inUse: z.number().int(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
};

const saveFields = {
  /** Absent: a new record. */
  id: id.optional(),
  name: z.string().trim().min(1, 'Enter a name.').max(NAMED_MASTER_NAME_MAX, `A name is at most ${NAMED_MASTER_NAME_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(NAMED_MASTER_DESCRIPTION_MAX, `A description is at most ${NAMED_MASTER_DESCRIPTION_MAX} characters.`)
    .default(''),
  status: NamedMasterStatusSchema.default('Active'),
};

export const NamedMasterFiltersSchema = z.object({
  /** Part of the name, the description (or a vertical's code). */
  text: z.string().trim().max(100).nullish(),
  status: NamedMasterStatusSchema.nullish(),
});
export type NamedMasterFilters = z.infer<typeof NamedMasterFiltersSchema>;

export const NamedMasterIdsSchema = z.object({ ids: Ids });
export const NamedMasterStatusRequestSchema = z.object({ ids: Ids, status: NamedMasterStatusSchema });
export const NamedMasterBulkResultSchema = z.object({ affected: z.number().int() });

// Levels ------------------------------------------------------------------------------------------------------------
export const LEVEL_SORT_COLUMNS = ['id', 'name', 'rank', 'description', 'status', 'updatedAt'] as const;
/** The order of approval. */
export const LEVEL_DEFAULT_SORT = 'rank ASC';
export const LevelSchema = z.object({ ...recordFields, rank: z.number().int() });
export type Level = z.infer<typeof LevelSchema>;
/** The rank is unique among the subscriber's active levels (an inactive one may keep a rank another now holds). */
export const LevelSaveSchema = z.object({
  ...saveFields,
  rank: z
    .number({ message: 'Enter a rank.' })
    .int('A rank is a whole number.')
    .min(1, `A rank is from 1 to ${LEVEL_RANK_MAX}.`)
    .max(LEVEL_RANK_MAX, `A rank is from 1 to ${LEVEL_RANK_MAX}.`),
});
export type LevelSave = z.input<typeof LevelSaveSchema>;

// Verticals ---------------------------------------------------------------------------------------------------------
export const VERTICAL_SORT_COLUMNS = ['id', 'name', 'code', 'description', 'status', 'updatedAt'] as const;
export const VERTICAL_DEFAULT_SORT = 'name ASC';
export const VERTICAL_CODE_PATTERN = /^[A-Z0-9-]*$/;
export const VerticalSchema = z.object({ ...recordFields, code: z.string() });
export type Vertical = z.infer<typeof VerticalSchema>;
/** The code is optional ('' for none), kept in capitals, and unique per subscriber when given. */
export const VerticalSaveSchema = z.object({
  ...saveFields,
  code: z
    .string()
    .trim()
    .max(VERTICAL_CODE_MAX, `A code is at most ${VERTICAL_CODE_MAX} characters.`)
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(VERTICAL_CODE_PATTERN, "A code has letters, digits and '-' only."))
    .default(''),
});
export type VerticalSave = z.input<typeof VerticalSaveSchema>;

// Notice tags -------------------------------------------------------------------------------------------------------
/** Mantine's named colours (its default theme): a tag is drawn as a Badge of its colour. */
export const NOTICE_TAG_COLORS = [
  'gray',
  'dark',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export const NoticeTagColorSchema = z.enum(NOTICE_TAG_COLORS, { message: 'Pick one of the colours offered.' });
export type NoticeTagColor = z.infer<typeof NoticeTagColorSchema>;
export const NOTICE_TAG_SORT_COLUMNS = ['id', 'name', 'color', 'description', 'status', 'updatedAt'] as const;
export const NOTICE_TAG_DEFAULT_SORT = 'name ASC';
export const NoticeTagSchema = z.object({ ...recordFields, color: NoticeTagColorSchema });
export type NoticeTag = z.infer<typeof NoticeTagSchema>;
export const NoticeTagSaveSchema = z.object({ ...saveFields, color: NoticeTagColorSchema.default('gray') });
export type NoticeTagSave = z.input<typeof NoticeTagSaveSchema>;
