// The import module's tables: the uploaded files, their errors, and the subscribers' column aliases.
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers, entities } from './organization';

/** One uploaded file and its processing (spec core §4 "Import/file status"). `stamp` orders the /import list. */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id').references(() => entities.id),
    importType: text('import_type').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileFormat: text('file_format'),
    storagePath: text('storage_path').notNull(),
    status: text('status', { enum: ['Initialized', 'YetNotStarted', 'InProcess', 'Success', 'SuccessWithError', 'Failed'] })
      .notNull()
      .default('Initialized'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    message: text('message'),
    isAllOrNothing: boolean('is_all_or_nothing').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    stamp: timestamp('stamp', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_list').on(t.subscriberId, t.stamp)],
);

/** Every error of an import: row, column, value, code and message (the /import-*-error screens). */
export const importErrors = pgTable(
  'import_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    columnName: text('column_name'),
    value: text('value'),
    code: text('code').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: ['Error', 'Warning'] })
      .notNull()
      .default('Error'),
  },
  (t) => [index('import_errors_import').on(t.importId, t.rowNumber)],
);

/** A subscriber's own column headers mapped to ours, per import type (column aliasing; alias at most 40 characters). */
export const importAliases = pgTable(
  'import_aliases',
  {
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    importType: text('import_type').notNull(),
    column: text('column').notNull(),
    alias: text('alias').notNull(),
  },
  (t) => [uniqueIndex('import_aliases_pk').on(t.subscriberId, t.importType, t.alias)],
);
