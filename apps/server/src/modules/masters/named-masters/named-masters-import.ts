// The import of levels, verticals and notice tags (issue 20), called by the import module's record handler through the
// masters face: a row is read by the master's own save schema (the checks of the screen's form), then written by the
// master's service (the checks of the screen's save, and its audit rows).
import { LevelSaveSchema, NoticeTagSaveSchema, VerticalSaveSchema } from '@opengst/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { LEVELS } from './levels.master';
import { namedMasterService } from './named-master.service';
import { NOTICE_TAGS } from './notice-tags.master';
import { VERTICALS } from './verticals.master';

export type NamedMasterImportType = 'Levels' | 'Verticals' | 'NoticeTags';
/** One row's fields by the save schema's names (name, description, status and the master's own: rank, code, color). */
export type NamedMasterFields = Record<string, string | number | undefined>;
export type NamedMasterImportIssue = { index: number; column: string | null; message: string };

const levels = namedMasterService(LEVELS);
const verticals = namedMasterService(VERTICALS);
const noticeTags = namedMasterService(NOTICE_TAGS);

const SAVE_SCHEMAS = { Levels: LevelSaveSchema, Verticals: VerticalSaveSchema, NoticeTags: NoticeTagSaveSchema } as const;

/** The row's problems by field, as the screen's form shows them (the first message of each field). */
export const namedMasterRecordIssues = (type: NamedMasterImportType, fields: NamedMasterFields) => {
  const parsed = SAVE_SCHEMAS[type].safeParse(fields);
  if (parsed.success) return [];
  const seen = new Set<string>();
  return parsed.error.issues.flatMap((issue) => {
    const column = typeof issue.path[0] === 'string' ? issue.path[0] : null;
    if (seen.has(column ?? '')) return [];
    seen.add(column ?? '');
    return [{ column, message: issue.message }];
  });
};

const parsedAll = <S extends z.ZodType>(schema: S, records: readonly NamedMasterFields[]): z.output<S>[] =>
  records.map((record) => schema.parse({ ...record, id: undefined }));

/** Writes rows checked by namedMasterRecordIssues in the file's transaction; refused rows come back by index. */
export const importNamedMasterRecords = async (
  type: NamedMasterImportType,
  tx: DbOrTx,
  who: Pick<SessionPrincipal, 'subscriberId' | 'userId'>,
  records: readonly NamedMasterFields[],
  ip?: string,
): Promise<{ written: number; issues: NamedMasterImportIssue[] }> => {
  switch (type) {
    case 'Levels':
      return levels.importRecords(tx, who, parsedAll(LevelSaveSchema, records), ip);
    case 'Verticals':
      return verticals.importRecords(tx, who, parsedAll(VerticalSaveSchema, records), ip);
    case 'NoticeTags':
      return noticeTags.importRecords(tx, who, parsedAll(NoticeTagSaveSchema, records), ip);
  }
};
