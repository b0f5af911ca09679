// /notice-tag: coloured tags for the notices a subscriber receives (the register of issue 23 files them under these).
// A tag some notice carries is deactivated, never deleted.
import {
  NOTICE_TAG_DEFAULT_SORT,
  NOTICE_TAG_ENDPOINTS,
  NoticeTagColorSchema,
  type NoticeTag,
  type NoticeTagSaveSchema,
} from '@opengst/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notices, noticeTags } from '../../../db/schema';
import type { Holder, NamedMasterDefinition } from './named-master.service';

/** The notices that carry a tag (notices.tag_ids); a deleted notice is gone, so nothing is released. */
export const NOTICE_TAG_HOLDERS: Holder[] = [
  {
    count: (tagId) => sql<number>`(select count(*)::int from ${notices} where ${tagId} = any(${notices.tagIds}))`,
    reason: (name, n) => `${name} tags ${n} notice${n === 1 ? '' : 's'}; deactivate it instead.`,
    release: async () => {},
  },
];

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
