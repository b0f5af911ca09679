// Queued answers (README.md "Queued answers"): a download holding more documents than the threshold answers a token,
// {est, token}, instead of its data; FILEDET with the token answers "not ready yet" (RTN_24) for the first polls, then
// the list of its files, {urls: [{ul, ic, hash}], ek, fc}. Each file is a tar.gz holding one .json whose text is
// base64(AES-256-ECB(ek, base64(json))), json being a part of the answer in its own shape ({b2b: [...]}); hash is the
// SHA-256 (hex) of the tar.gz. The files are served under /files/<token>/<name>.tar.gz.
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Session } from './auth';
import { aesEncrypt, newKey } from './crypto';
import { FAULTS } from './faults';
import type { Sandbox } from './sandbox';
import { sealed, type Json } from './wire';

/** Token requests are kept this long (sandbox clock); older ones are removed when a new one is made. */
const KEEP_MS = 24 * 3600_000;

/** Where a section's documents sit: grouped by supplier ({ctin, inv: [...]}) or flat records. */
const docsOf = (entry: Json): { field: string; docs: unknown[] } | null => {
  for (const field of ['inv', 'nt']) if (Array.isArray(entry[field])) return { field, docs: entry[field] as unknown[] };
  return null;
};

/** Documents in an answer: every invoice or note of its supplier groups, or its flat records. */
export const documentCount = (answer: Json): number => {
  let count = 0;
  for (const value of Object.values(answer)) {
    if (!Array.isArray(value)) continue;
    for (const entry of value as Json[]) count += docsOf(entry)?.docs.length ?? 1;
  }
  return count;
};

/** Splits an answer into parts of at most `size` documents, a supplier group split across parts keeping its head. */
export const splitAnswer = (answer: Json, size: number): { part: Json; count: number }[] => {
  const parts: { part: Json; count: number }[] = [];
  let current: { part: Json; count: number } = { part: {}, count: 0 };
  const flush = () => {
    if (current.count > 0) parts.push(current);
    current = { part: {}, count: 0 };
  };
  for (const [key, value] of Object.entries(answer)) {
    if (!Array.isArray(value)) continue;
    for (const entry of value as Json[]) {
      const docs = docsOf(entry);
      if (!docs) {
        if (current.count >= size) flush();
        ((current.part[key] ??= []) as Json[]).push(entry);
        current.count += 1;
        continue;
      }
      let from = 0;
      while (from < docs.docs.length) {
        if (current.count >= size) flush();
        const take = Math.min(size - current.count, docs.docs.length - from);
        ((current.part[key] ??= []) as Json[]).push({ ...entry, [docs.field]: docs.docs.slice(from, from + take) });
        current.count += take;
        from += take;
      }
    }
  }
  flush();
  return parts;
};

/** A ustar archive of one file (512-byte header, the content padded to 512, two empty blocks), gzipped. */
export const tarGz = (name: string, content: Buffer): Buffer => {
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'ascii');
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  field(0, 100, name);
  field(100, 8, octal(0o644, 8));
  field(108, 8, octal(0, 8));
  field(116, 8, octal(0, 8));
  field(124, 12, octal(content.length, 12));
  field(136, 12, octal(0, 12));
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return gzipSync(Buffer.concat([header, content, padding, Buffer.alloc(1024)]));
};

/**
 * The token answer of a download that holds more documents than the threshold, or null (answer it as it is). The files
 * are made now: the polls only decide when FILEDET gives them.
 */
export const queuedAnswer = async (
  sandbox: Sandbox,
  session: Session,
  form: string,
  period: string | null,
  answer: Json,
): Promise<Json | null> => {
  if (documentCount(answer) <= sandbox.queue.threshold) return null;
  const token = randomBytes(16).toString('hex');
  const ek = newKey();
  const now = sandbox.now();
  const files = splitAnswer(answer, Math.max(1, sandbox.queue.fileSize)).map(({ part, count }, i) => {
    const name = `${form.toLowerCase()}_${period ?? 'all'}_${session.gstin}_${i}`;
    const text = aesEncrypt(ek, Buffer.from(Buffer.from(JSON.stringify(part)).toString('base64')));
    const body = tarGz(`${name}.json`, Buffer.from(text));
    return { name: `${name}.tar.gz`, body, url: { ul: `/files/${token}/${name}.tar.gz`, ic: count, hash: sha256Hex(body) } };
  });
  await sandbox.sql.transaction(async (sql) => {
    await sql.query('DELETE FROM portal_sandbox.file_requests WHERE requested_at < $1', [new Date(now.getTime() - KEEP_MS).toISOString()]);
    await sql.query(
      'INSERT INTO portal_sandbox.file_requests (token, gstin, form, period, ek, urls, requested_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [token, session.gstin, form, period, ek.toString('base64'), JSON.stringify(files.map((f) => f.url)), now.toISOString()],
    );
    for (const file of files)
      await sql.query('INSERT INTO portal_sandbox.files (name, token, body) VALUES ($1, $2, $3)', [file.name, token, file.body]);
  });
  return { est: sandbox.queue.est, token };
};

const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** FILEDET: RTN_24 for the first polls, then {urls, ek, fc}. */
export const fileDetails = async (sandbox: Sandbox, session: Session, form: string | null, token: string): Promise<Json> => {
  const [request] = await sandbox.sql.query<{ form: string; ek: string; urls: Json[]; polls: number }>(
    'SELECT form, ek, urls, polls FROM portal_sandbox.file_requests WHERE token = $1 AND gstin = $2',
    [token, session.gstin],
  );
  if (!request || (form !== null && request.form !== form)) throw FAULTS.unknownToken();
  if (Number(request.polls) < sandbox.queue.notReadyPolls) {
    await sandbox.sql.query('UPDATE portal_sandbox.file_requests SET polls = polls + 1 WHERE token = $1', [token]);
    throw FAULTS.fileNotReady();
  }
  return sealed(session, { urls: request.urls, ek: request.ek, fc: request.urls.length });
};

export const fileRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  // A file URL stands for itself, as the portal's signed ones do: no session headers.
  app.get('/files/:token/:name', async (request, reply) => {
    const { token, name } = request.params as { token: string; name: string };
    const [file] = await sandbox.sql.query<{ body: Uint8Array }>('SELECT body FROM portal_sandbox.files WHERE token = $1 AND name = $2', [
      token,
      name,
    ]);
    if (!file) return reply.code(404).send({ status_cd: '0', error: { error_cd: 'RET191121', message: 'No such file' } });
    return reply.type('application/gzip').send(Buffer.from(file.body));
  });
};
