// Stored files and notice documents in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator
// names B's file, B's notice or B's notice document and must get 404, with B's file and document left as they were.
import { FILE_ENDPOINTS, NOTICE_DOCUMENT_ENDPOINTS, pathsOf } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { noticeDocuments, notices, storedFiles, users } from '../../db/schema';
import type { Harness } from '../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../test-support/sweeps';

const F = pathsOf(FILE_ENDPOINTS);
const D = pathsOf(NOTICE_DOCUMENT_ENDPOINTS);
const REFERENCE = 'B-ONLY-DOCS-1';

/** The upload names no record: it stores into the caller's own subscriber. */
export const FILE_NO_RECORD_IDS = [`POST ${F.upload}`];

type BRecords = { noticeId: number; fileId: number; documentId: number };

/** B's notice with one document (its file's bytes are not needed: every call must stop before reading them). */
const bRecords = async (h: Harness, location: number): Promise<BRecords> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ noticeId: notices.id, fileId: noticeDocuments.fileId, documentId: noticeDocuments.id })
    .from(notices)
    .innerJoin(noticeDocuments, eq(noticeDocuments.noticeId, notices.id))
    .where(and(eq(notices.subscriberId, subscriberId), eq(notices.referenceNumber, REFERENCE)));
  if (found) return found;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.subscriberId, subscriberId)).limit(1);
  const [notice] = await db
    .insert(notices)
    .values({ subscriberId, entityId: location, form: 'DRC-01', noticeType: 'Notice', referenceNumber: REFERENCE, issuedOn: '2026-04-01' })
    .returning({ id: notices.id });
  const [file] = await db
    .insert(storedFiles)
    .values({
      subscriberId,
      fileName: 'b-only-order.pdf',
      contentType: 'application/pdf',
      sizeBytes: 8,
      sha256: '0'.repeat(64),
      storageKey: `files/${subscriberId}/${'0'.repeat(64)}`,
      purpose: 'NoticeDocument',
      uploadedBy: user?.id ?? 0,
    })
    .returning({ id: storedFiles.id });
  const [document] = await db
    .insert(noticeDocuments)
    .values({ subscriberId, noticeId: notice?.id ?? 0, fileId: file?.id ?? 0, kind: 'Order' })
    .returning({ id: noticeDocuments.id });
  return { noticeId: notice?.id ?? 0, fileId: file?.id ?? 0, documentId: document?.id ?? 0 };
};

const unchanged = async (h: Harness, b: BRecords) => {
  const { db } = h.ctx.database;
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, b.fileId));
  const [document] = await db.select().from(noticeDocuments).where(eq(noticeDocuments.id, b.documentId));
  if (!file || file.deletedAt !== null || !document || document.noticeId !== b.noticeId)
    throw new Error(`B's file or notice document was changed by another subscriber: ${JSON.stringify({ file, document })}`);
};

const withB =
  (call: (api: Api, b: BRecords, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, raw) => {
    const records = await bRecords(raw.h, b.location);
    const res = await call(api, records, raw);
    await unchanged(raw.h, records);
    return res;
  };

export const fileSweeps = (): Sweep[] => [
  { route: `GET ${F.download}`, expect: 'notFound', call: withB((api, b) => api.get(F.download, { id: b.fileId })) },
  { route: `POST ${F.delete}`, expect: 'notFound', call: withB((api, b) => api.post(F.delete, { id: b.fileId })) },
  { route: `GET ${D.list}`, expect: 'notFound', call: withB((api, b) => api.get(D.list, { noticeId: b.noticeId })) },
  // B's file onto B's notice: 404 (A's own file onto B's notice is refused by the notice in files.test.ts as well).
  {
    route: `POST ${D.attach}`,
    expect: 'notFound',
    call: withB((api, b) => api.post(D.attach, { noticeId: b.noticeId, fileId: b.fileId, kind: 'Other' })),
  },
  { route: `POST ${D.delete}`, expect: 'notFound', call: withB((api, b) => api.post(D.delete, { id: b.documentId })) },
];
