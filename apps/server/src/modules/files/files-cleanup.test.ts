import {
  FILE_ENDPOINTS,
  HEADERS,
  NOTICE_API as N,
  NOTICE_DOCUMENT_ENDPOINTS,
  pathsOf,
  type NoticeDetail,
  type StoredFile,
} from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, storedFiles } from '../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { multipartBody } from '../../test-support/import-fixtures';
import { type ApiClient, openSignedIn } from '../../test-support/org-fixtures';
import { cleanUpFiles, FILE_CLEANUP_JOB } from './files.jobs';
import { filesModule } from './module';

// No orphaned files (issue 23). The daily cleanup, run by calling it with the app's clock moved (never by sleeping):
// an upload attached to nothing for more than a day is deleted, row and bytes, with an audit row; an attached one, a
// recent one, and bytes another live row shares are kept. A deleted notice takes its documents' files with it (rows in
// its transaction, bytes after the commit). Bytes no live row names (a crash between a commit and the removal of the
// bytes, a failed sync) and temporary uploads a crash left are swept; recent ones spared, an upload may be naming them.

const F = pathsOf(FILE_ENDPOINTS);
const D = pathsOf(NOTICE_DOCUMENT_ENDPOINTS);
const HOUR = 3_600_000;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A file with a PDF's header (ISO 32000-1 §7.5.2), distinct by its text. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');

describe.each(ENGINES)('files cleanup on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let token: string;
  let delhi: number;
  const today = () => istDateOf(h.ctx.now());
  const db = () => h.ctx.database.db;
  const bytesAt = (row: { storageKey: string }) => join(h.ctx.config.dataDir, row.storageKey);
  /** The job as it would run `hours` from the app's clock now. */
  const runAt = (hours: number) => cleanUpFiles({ ...h.ctx, now: () => new Date(h.ctx.now().getTime() + hours * HOUR) });

  const upload = async (name: string, bytes: Buffer): Promise<StoredFile> => {
    const body = multipartBody(name, bytes);
    const res = await h.app.inject({
      method: 'POST',
      url: F.upload,
      payload: body.payload,
      headers: { ...body.headers, [HEADERS.authToken]: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StoredFile;
  };
  const rowOf = async (id: number) => (await db().select().from(storedFiles).where(eq(storedFiles.id, id)))[0];
  const notice = async (reference: string): Promise<NoticeDetail> => {
    const res = await api.post(N.noticeSave, {
      entityId: delhi,
      form: 'DRC-01',
      referenceNumber: reference,
      issuedOn: addDays(today(), -3),
      section: '73',
      demand: { taxIgst: 1_000_000, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NoticeDetail;
  };
  const attach = async (noticeId: number, fileId: number) => {
    const res = await api.post(D.attach, { noticeId, fileId, kind: 'Notice' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const fileAudits = async (ids: readonly number[]) =>
    db()
      .select({
        key: auditTrail.entityKey,
        action: auditTrail.action,
        userId: auditTrail.userId,
        before: auditTrail.before,
        after: auditTrail.after,
      })
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'File'), eq(auditTrail.action, 'Delete'), inArray(auditTrail.entityKey, ids.map(String))));

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
    [, delhi = 0] = t.entityIds;
  });
  afterAll(async () => {
    await h.close();
  });

  it('is a daily scheduled job of the files module', () => {
    expect(FILE_CLEANUP_JOB.cron).toBe('45 2 * * *');
    expect(filesModule.jobs?.(h.ctx).map((w) => w.job.name)).toEqual(['files.cleanup']);
  });

  it('deletes an upload attached to nothing after a day, row and bytes, with an audit row; keeps attached, recent and shared ones', async () => {
    const stray = await upload('draft reply.pdf', pdf('never attached'));
    const attached = await upload('DRC-01.pdf', pdf('attached'));
    await attach((await notice('CLEAN-1')).id, attached.id);
    // The same bytes as the attached file, uploaded again and never attached: its row goes, the shared bytes stay.
    const twin = await upload('DRC-01 copy.pdf', pdf('attached'));
    const strayRow = await rowOf(stray.id);
    expect(existsSync(bytesAt(strayRow ?? { storageKey: '' }))).toBe(true);

    // Within the day nothing is touched.
    expect(await runAt(23)).toEqual({ unattached: 0, bytesRemoved: 0 });
    expect(await rowOf(stray.id)).toBeDefined();

    const result = await runAt(25);
    expect(result.unattached).toBe(2);
    expect(await rowOf(stray.id)).toBeUndefined();
    expect(await rowOf(twin.id)).toBeUndefined();
    expect(existsSync(bytesAt(strayRow ?? { storageKey: '' }))).toBe(false);
    const attachedRow = await rowOf(attached.id);
    expect(attachedRow?.deletedAt).toBeNull();
    expect(existsSync(bytesAt(attachedRow ?? { storageKey: '' }))).toBe(true);
    expect(
      sha(
        (
          await h.app.inject({
            method: 'GET',
            url: F.download,
            query: { id: String(attached.id) },
            headers: { [HEADERS.authToken]: token },
          })
        ).rawPayload,
      ),
    ).toBe(attached.sha256);
    const audits = await fileAudits([stray.id, twin.id, attached.id]);
    expect(audits.map((a) => a.key).sort()).toEqual([String(stray.id), String(twin.id)].sort());
    expect(audits.find((a) => a.key === String(stray.id))).toMatchObject({
      userId: null,
      before: { purpose: 'NoticeDocument', sizeBytes: pdf('never attached').length, sha256: stray.sha256 },
      after: { reason: 'Never attached within 24 hours of its upload' },
    });
    // A second run finds nothing more.
    expect(await runAt(26)).toEqual({ unattached: 0, bytesRemoved: 0 });
  });

  it('deletes a notice’s documents’ files with the notice, rows in its transaction and bytes after, audited; another notice’s stay', async () => {
    const doomed = await notice('CLEAN-DEL');
    const kept = await notice('CLEAN-KEEP');
    const order = await upload('order.pdf', pdf('order of the deleted notice'));
    const shared = await upload('annexure.pdf', pdf('annexure in both notices'));
    const sharedAgain = await upload('annexure again.pdf', pdf('annexure in both notices'));
    await attach(doomed.id, order.id);
    await attach(doomed.id, shared.id);
    await attach(kept.id, sharedAgain.id);
    const orderRow = await rowOf(order.id);
    const sharedRow = await rowOf(shared.id);
    // Bytes just written are spared for a while (an upload may be naming them): these were written two hours ago.
    const earlier = new Date(Date.now() - 2 * HOUR);
    for (const row of [orderRow, sharedRow]) await utimes(bytesAt(row ?? { storageKey: '' }), earlier, earlier);
    const res = await api.post(N.noticeDelete, { ids: [doomed.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(order.id))?.deletedAt).not.toBeNull();
    expect((await rowOf(shared.id))?.deletedAt).not.toBeNull();
    expect(existsSync(bytesAt(orderRow ?? { storageKey: '' }))).toBe(false);
    // The annexure's bytes are also the kept notice's document: they stay, and it still downloads.
    expect(existsSync(bytesAt(sharedRow ?? { storageKey: '' }))).toBe(true);
    expect((await rowOf(sharedAgain.id))?.deletedAt).toBeNull();
    const download = await h.app.inject({
      method: 'GET',
      url: F.download,
      query: { id: String(sharedAgain.id) },
      headers: { [HEADERS.authToken]: token },
    });
    expect(sha(download.rawPayload)).toBe(sharedAgain.sha256);
    const audits = await fileAudits([order.id, shared.id, sharedAgain.id]);
    expect(audits.map((a) => [a.key, a.after])).toEqual(
      expect.arrayContaining([
        [String(order.id), { reason: 'Notice DRC-01 CLEAN-DEL deleted' }],
        [String(shared.id), { reason: 'Notice DRC-01 CLEAN-DEL deleted' }],
      ]),
    );
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.userId === t.adminUserId)).toBe(true);
  });

  it('sweeps bytes no live row names (a crash after the commit, a failed sync) and old temporary uploads; recent ones are spared', async () => {
    // A notice's document deleted whose bytes were never removed: the row soft-deleted as a commit leaves it.
    const crashed = await upload('reply.pdf', pdf('bytes left by a crash'));
    await attach((await notice('CLEAN-CRASH')).id, crashed.id);
    await db().update(storedFiles).set({ deletedAt: h.ctx.now() }).where(eq(storedFiles.id, crashed.id));
    const crashedPath = bytesAt((await rowOf(crashed.id)) ?? { storageKey: '' });
    // Bytes a portal sync stored before its transaction failed: no row at all.
    const folder = join(h.ctx.config.dataDir, 'files', String(t.subscriberId));
    const unnamed = pdf('stored by a failed sync');
    const unnamedPath = join(folder, sha(unnamed));
    await writeFile(unnamedPath, unnamed);
    const temporary = join(folder, 'upload-0b6c7a1e-crashed');
    await writeFile(temporary, 'half an upload');
    // A live, attached file whose bytes are old: never swept.
    const live = await upload('live.pdf', pdf('live document'));
    await attach((await notice('CLEAN-LIVE')).id, live.id);
    const livePath = bytesAt((await rowOf(live.id)) ?? { storageKey: '' });
    const old = new Date(Date.now() - 48 * HOUR);
    await utimes(livePath, old, old);

    // Within the grace after they were written nothing goes.
    expect((await runAt(0.5)).bytesRemoved).toBe(0);
    expect([existsSync(crashedPath), existsSync(unnamedPath), existsSync(temporary)]).toEqual([true, true, true]);

    expect((await runAt(2)).bytesRemoved).toBe(3);
    expect([existsSync(crashedPath), existsSync(unnamedPath), existsSync(temporary), existsSync(livePath)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect((await rowOf(live.id))?.deletedAt).toBeNull();
  });
});
