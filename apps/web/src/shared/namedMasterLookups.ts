import { queryOptions } from '@tanstack/react-query';
import { ORGANIZATION_ENDPOINTS as ORG } from '@opengst/contracts';
import { call } from '../api/call';

// The query keys of the small named masters (/level-master, /verticals, /notice-tag) and the level and vertical
// lookups the user and entity forms pick from: a change on a master's screen invalidates its key, and with it the
// lookup, so a level added there is offered on the user form at once.

export type NamedMasterKind = 'level' | 'vertical' | 'noticeTag';

export const namedMasterKeys = {
  all: (kind: NamedMasterKind) => ['namedMasters', kind] as const,
  list: (kind: NamedMasterKind) => [...namedMasterKeys.all(kind), 'list'] as const,
  lookup: (kind: NamedMasterKind) => [...namedMasterKeys.all(kind), 'lookup'] as const,
};

/** The subscriber's active levels, by rank (subscriber/levels). */
export const levelLookupQuery = queryOptions({ queryKey: namedMasterKeys.lookup('level'), queryFn: () => call(ORG.subscriberLevels) });

/** The subscriber's active verticals, by name (subscriber/verticals). */
export const verticalLookupQuery = queryOptions({
  queryKey: namedMasterKeys.lookup('vertical'),
  queryFn: () => call(ORG.subscriberVerticals),
});
