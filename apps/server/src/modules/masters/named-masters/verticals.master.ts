// /verticals: the lines of business a subscriber's entities belong to (entities.vertical_id). The code is optional and
// unique when given; a vertical an entity belongs to is deactivated, never deleted.
import { VERTICAL_DEFAULT_SORT, VERTICAL_ENDPOINTS, type Vertical, type VerticalSaveSchema } from '@opengst/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { entities, verticals } from '../../../db/schema';
import { countOf, type NamedMasterDefinition } from './named-master.service';

export const VERTICALS: NamedMasterDefinition<Vertical, z.output<typeof VerticalSaveSchema>> = {
  endpoints: VERTICAL_ENDPOINTS,
  auditType: 'Vertical',
  lockClass: 7132,
  table: verticals,
  ownColumns: { code: verticals.code },
  ownValues: (input) => ({ code: input.code }),
  recordOf: (common, own) => ({ ...common, code: String(own.code ?? '') }),
  searchColumns: [verticals.code],
  sortColumns: {
    id: verticals.id,
    name: verticals.name,
    code: verticals.code,
    description: verticals.description,
    status: verticals.status,
    updatedAt: verticals.updatedAt,
  },
  defaultSort: VERTICAL_DEFAULT_SORT,
  keys: [
    {
      column: verticals.code,
      propertyName: 'Code',
      among: 'all',
      valueOf: (own) => String(own.code ?? ''),
      message: (code, holder) => `Code ${code} is already ${holder}'s.`,
    },
  ],
  holders: [
    {
      count: (verticalId) =>
        sql<number>`(select count(*)::int from ${entities} where ${entities.verticalId} = ${verticalId} and ${entities.status} <> 'Delete')`,
      reason: (name, n) => `${name} is used by ${countOf(n, 'entity', 'entities')}; deactivate it instead.`,
      release: async (tx, ids) => {
        await tx
          .update(entities)
          .set({ verticalId: null })
          .where(and(inArray(entities.verticalId, ids), eq(entities.status, 'Delete')));
      },
    },
  ],
  export: {
    sheet: 'Verticals',
    fileName: 'verticals.xlsx',
    columns: [
      { header: 'Name', width: 30, value: (r) => r.name },
      { header: 'Code', width: 14, value: (r) => r.code },
      { header: 'Description', width: 40, value: (r) => r.description },
      { header: 'Status', width: 10, value: (r) => r.status },
      { header: 'Entities', width: 9, value: (r) => r.inUse },
      { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
      { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
    ],
  },
};
