// /notice-tag: coloured tags for the notices a subscriber receives. Notices arrive with issue 23; until then nothing
// holds a tag, so a tag may be deleted.
import {
  NOTICE_TAG_DEFAULT_SORT,
  NOTICE_TAG_ENDPOINTS,
  NoticeTagColorSchema,
  type NoticeTag,
  type NoticeTagSaveSchema,
} from '@opengst/contracts';
import type { z } from 'zod';
import { noticeTags } from '../../../db/schema';
import type { Holder, NamedMasterDefinition } from './named-master.service';

/**
 * The tables that hold a notice tag, each refusing its delete while it holds it. None yet: the notices module (issue
 * 23) adds its notice-to-tag table here, with a count of the subscriber's live notices carrying the tag, a reason
 * ("Urgent tags 4 notices; deactivate it instead.") and the release of deleted notices' tags.
 */
export const NOTICE_TAG_HOLDERS: Holder[] = [];

export const NOTICE_TAGS: NamedMasterDefinition<NoticeTag, z.output<typeof NoticeTagSaveSchema>> = {
  endpoints: NOTICE_TAG_ENDPOINTS,
  auditType: 'NoticeTag',
  lockClass: 7133,
  table: noticeTags,
  ownColumns: { color: noticeTags.color },
  ownValues: (input) => ({ color: input.color }),
  // A colour stored outside Mantine's names (written by hand in the database) is drawn gray rather than refused.
  recordOf: (common, own) => ({ ...common, color: NoticeTagColorSchema.catch('gray').parse(own.color) }),
  searchColumns: [],
  sortColumns: {
    id: noticeTags.id,
    name: noticeTags.name,
    color: noticeTags.color,
    description: noticeTags.description,
    status: noticeTags.status,
    updatedAt: noticeTags.updatedAt,
  },
  defaultSort: NOTICE_TAG_DEFAULT_SORT,
  keys: [],
  holders: NOTICE_TAG_HOLDERS,
  export: {
    sheet: 'Notice tags',
    fileName: 'notice-tags.xlsx',
    columns: [
      { header: 'Name', width: 30, value: (r) => r.name },
      { header: 'Colour', width: 10, value: (r) => r.color },
      { header: 'Description', width: 40, value: (r) => r.description },
      { header: 'Status', width: 10, value: (r) => r.status },
      { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
      { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
    ],
  },
};
