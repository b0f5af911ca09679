// /level-master: the approval levels a subscriber's users hold (users.level_id). Rank 1 approves first; a rank is held
// by one active level at a time, and a level a user holds is deactivated, never deleted.
import { LEVEL_DEFAULT_SORT, LEVEL_ENDPOINTS, type Level, type LevelSaveSchema } from '@opengst/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { levels, users } from '../../../db/schema';
import { countOf, type NamedMasterDefinition } from './named-master.service';

export const LEVELS: NamedMasterDefinition<Level, z.output<typeof LevelSaveSchema>> = {
  endpoints: LEVEL_ENDPOINTS,
  auditType: 'Level',
  lockClass: 7131,
  table: levels,
  ownColumns: { rank: levels.rank },
  ownValues: (input) => ({ rank: input.rank }),
  recordOf: (common, own) => ({ ...common, rank: Number(own.rank) }),
  searchColumns: [],
  sortColumns: {
    id: levels.id,
    name: levels.name,
    rank: levels.rank,
    description: levels.description,
    status: levels.status,
    updatedAt: levels.updatedAt,
  },
  defaultSort: LEVEL_DEFAULT_SORT,
  keys: [
    {
      column: levels.rank,
      propertyName: 'Rank',
      among: 'active',
      valueOf: (own) => Number(own.rank),
      message: (rank, holder) => `Rank ${rank} is already ${holder}.`,
    },
  ],
  holders: [
    {
      count: (levelId) =>
        sql<number>`(select count(*)::int from ${users} where ${users.levelId} = ${levelId} and ${users.status} <> 'Delete')`,
      reason: (name, n) => `${name} is held by ${countOf(n, 'user', 'users')}; deactivate it instead.`,
      release: async (tx, ids) => {
        await tx
          .update(users)
          .set({ levelId: null })
          .where(and(inArray(users.levelId, ids), eq(users.status, 'Delete')));
      },
    },
  ],
  export: {
    sheet: 'Levels',
    fileName: 'levels.xlsx',
    columns: [
      { header: 'Rank', width: 8, value: (r) => r.rank },
      { header: 'Name', width: 30, value: (r) => r.name },
      { header: 'Description', width: 40, value: (r) => r.description },
      { header: 'Status', width: 10, value: (r) => r.status },
      { header: 'Users', width: 8, value: (r) => r.inUse },
      { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
      { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
    ],
  },
};
