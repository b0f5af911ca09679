// The corrections of filed GSTR-1s that the returns screens show: for each return, how many it holds, how many it
// would take if generated now, and which other returns hold the rest. The facts are read here; which return reports a
// correction is the domain's rule (corrections.ts), the same one gstr1-selection.queries.ts applies in SQL when a
// return is generated.
import type { FiledReturnForm, ReturnCorrections } from '@opengst/contracts';
import { type Correction, type CorrectionReturn, GSTR1_DOCUMENT_TYPES, isSameReturn, mayReportCorrection } from '@opengst/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** A correction of a location, with its document. */
export type LocatedCorrection = Correction & { entityId: number; documentId: number };

const REPORTED_TYPES = sql.raw(GSTR1_DOCUMENT_TYPES.map((type) => `'${type}'`).join(', '));
const ids = (values: readonly number[]) => sql`string_to_array(${values.join(',')}, ',')::int[]`;
const order = (period: string): string => period.slice(2) + period.slice(0, 2);

/** Ids arrive as numbers (PGlite) or as strings (bigint on PostgreSQL). */
type Fact = { entityId: number; documentId: number | string; returnType: FiledReturnForm; returnPeriod: string };

/**
 * The corrections of the locations whose filed return is of `upTo` or an earlier period (those a return of `upTo` may
 * report): amendments waiting for a return (the partial index documents_amendment_pending) and missed documents (as
 * gstr1-selection.queries.ts finds them), each with the return that holds it, if any.
 */
export const correctionsOf = async (
  db: DbOrTx,
  subscriberId: number,
  entityIds: readonly number[],
  upTo: string,
): Promise<Map<number, LocatedCorrection[]>> => {
  const out = new Map<number, LocatedCorrection[]>();
  if (entityIds.length === 0) return out;
  const entities = ids(entityIds);
  const amended = await rowsOf<Fact>(
    db,
    sql`select d.entity_id as "entityId", d.id as "documentId", f.return_type as "returnType", f.return_period as "returnPeriod"
      from documents d join returns f on f.id = d.filed_return_id
      where d.subscriber_id = ${subscriberId} and d.entity_id = any(${entities}) and d.amendment_pending
        and d.direction = 'Sales' and d.is_draft_document = false and f.status = 'Filed'
        and substr(f.return_period, 3, 4) || substr(f.return_period, 1, 2) <= ${order(upTo)}`,
  );
  // The documents each filed GSTR-1 missed (as gstr1-selection.queries.ts#missedOf), one GSTR-1 at a time (LATERAL): a
  // walk of the documents its period gained since, whatever the planner guesses without statistics.
  const missed = await rowsOf<Fact>(
    db,
    sql`select d.entity_id as "entityId", d.id as "documentId", 'GSTR1' as "returnType", r.return_period as "returnPeriod"
      from returns r cross join lateral (
        select m.entity_id, m.id from documents m
        where m.subscriber_id = r.subscriber_id and m.direction = 'Sales' and m.is_draft_document = false
          and m.return_period = r.return_period and m.entity_id = r.entity_id
          and m.id > coalesce((select max(x.document_id) from return_documents x where x.return_id = r.id), 0)
          and m.filed_return_id is null and m.created_at > r.filed_at and m.document_type in (${REPORTED_TYPES})
      ) d
      where r.subscriber_id = ${subscriberId} and r.entity_id = any(${entities}) and r.return_type = 'GSTR1' and r.status = 'Filed'
        and substr(r.return_period, 3, 4) || substr(r.return_period, 1, 2) <= ${order(upTo)}`,
  );
  const facts = [...amended, ...missed];
  if (facts.length === 0) return out;
  const filedGstr1a = new Set(
    (
      await rowsOf<{ entityId: number; returnPeriod: string }>(
        db,
        sql`select entity_id as "entityId", return_period as "returnPeriod" from returns
          where subscriber_id = ${subscriberId} and entity_id = any(${entities}) and return_type = 'GSTR1A' and status = 'Filed'`,
      )
    ).map((r) => `${r.entityId}|${r.returnPeriod}`),
  );
  // What each document's holder is: the unfiled return whose last generation took it (the first one, should two).
  const holders = new Map<number, CorrectionReturn>();
  for (const h of await rowsOf<{ documentId: number | string; returnType: FiledReturnForm; returnPeriod: string }>(
    db,
    sql`select rd.document_id as "documentId", h.return_type as "returnType", h.return_period as "returnPeriod"
      from return_documents rd join returns h on h.id = rd.return_id
      where rd.document_id = any(string_to_array(${facts.map((f) => f.documentId).join(',')}, ',')::bigint[]) and h.status <> 'Filed'
      order by h.id`,
  )) {
    const documentId = Number(h.documentId);
    if (!holders.has(documentId)) holders.set(documentId, { returnType: h.returnType, returnPeriod: h.returnPeriod });
  }
  for (const f of facts) {
    const documentId = Number(f.documentId);
    const correction: LocatedCorrection = {
      entityId: Number(f.entityId),
      documentId,
      of: { returnType: f.returnType, returnPeriod: f.returnPeriod },
      gstr1aFiled: filedGstr1a.has(`${f.entityId}|${f.returnPeriod}`),
      heldBy: holders.get(documentId) ?? null,
    };
    const list = out.get(correction.entityId);
    if (list) list.push(correction);
    else out.set(correction.entityId, [correction]);
  }
  return out;
};

export const NO_CORRECTIONS: ReturnCorrections = { held: 0, open: 0, elsewhere: [] };

/**
 * What a return does with the corrections it may report: those it holds, those no return holds yet (which generating
 * it takes; none when it can no longer be generated), and those another return holds, by that return.
 */
export const correctionsFor = (
  target: CorrectionReturn,
  corrections: readonly Correction[] | undefined,
  canGenerate: boolean,
): ReturnCorrections => {
  if (!corrections?.length) return NO_CORRECTIONS;
  let held = 0;
  let open = 0;
  const elsewhere = new Map<string, ReturnCorrections['elsewhere'][number]>();
  for (const c of corrections) {
    if (!mayReportCorrection(target, c)) continue;
    if (c.heldBy === null) {
      if (canGenerate) open++;
    } else if (isSameReturn(c.heldBy, target)) {
      held++;
    } else {
      const key = `${c.heldBy.returnType}|${c.heldBy.returnPeriod}`;
      const group = elsewhere.get(key);
      if (group) group.documents++;
      else elsewhere.set(key, { ...c.heldBy, documents: 1 });
    }
  }
  return { held, open, elsewhere: [...elsewhere.values()] };
};
