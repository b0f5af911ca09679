// Queued answers (README.md "Queued answers"), with a small threshold: a GSTR-2A section or an IMS section of more
// documents answers {est, token}; FILEDET answers "not ready yet" (RTN_24) for the first polls, then the files, each a
// tar.gz whose SHA-256 is its hash, holding the part encrypted with ek. The parts put together are the whole answer.
import { parseGstr2a } from '@opengst/domain';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesDecrypt, errorOf, OTP, RawClient, startSandbox, type Clock, type Session } from './client';

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYER = '29AAGCB7383J1Z4';
const PERIOD = '052025';
const RETURNS = '/taxpayerapi/v2.0/returns';
const R1 = `${RETURNS}/gstr1`;

type Json = Record<string, unknown>;
const clock: Clock = { at: new Date('2025-06-05T10:00:00+05:30') };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: RawClient;

const invoice = (n: number): Json => ({
  inum: `Q/${n}`,
  idt: '10-05-2025',
  val: 118,
  pos: '29',
  rchrg: 'N',
  inv_typ: 'R',
  itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, csamt: 0 } }],
});

/** The one file of a ustar archive: its name and content. */
const untar = (tar: Buffer): { name: string; content: Buffer } => {
  const name = tar.subarray(0, 100).toString('ascii').replace(/\0.*$/s, '');
  const size = parseInt(tar.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  return { name, content: tar.subarray(512, 512 + size) };
};

/** FILEDET until ready, then every file downloaded, checked and opened, the parts put together. */
const fetchQueued = async (s: Session, path: string, query: Json, polls: number): Promise<{ whole: Json; counts: number[] }> => {
  for (let i = 0; i < polls; i += 1) {
    const early = await client.get(s, path, { action: 'FILEDET', gstin: s.gstin, ...query } as Record<string, string>);
    expect(errorOf(early)).toEqual({ code: 'RTN_24', message: 'File generation is in progress, please try after some time' });
  }
  const details = client.open(s, await client.get(s, path, { action: 'FILEDET', gstin: s.gstin, ...query } as Record<string, string>)) as {
    urls: { ul: string; ic: number; hash: string }[];
    ek: string;
    fc: number;
  };
  expect(details.fc).toBe(details.urls.length);
  const whole: Json = {};
  for (const url of details.urls) {
    const response = await sandbox.app.inject({ method: 'GET', url: url.ul });
    expect(response.statusCode).toBe(200);
    const bytes = response.rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(url.hash);
    const { name, content } = untar(gunzipSync(bytes));
    expect(name).toMatch(/\.json$/);
    const part = JSON.parse(
      Buffer.from(aesDecrypt(Buffer.from(details.ek, 'base64'), content.toString('utf8')).toString('utf8'), 'base64').toString('utf8'),
    ) as Json;
    for (const [key, value] of Object.entries(part)) whole[key] = [...((whole[key] as unknown[]) ?? []), ...(value as unknown[])];
  }
  return { whole, counts: details.urls.map((u) => u.ic) };
};

beforeAll(async () => {
  sandbox = await startSandbox(clock, undefined, { threshold: 3, notReadyPolls: 2, est: '2', fileSize: 2 });
  client = new RawClient(sandbox.app);
  const supplier = await client.login(SUPPLIER, 'queue.supplier');
  const payload = {
    gstin: SUPPLIER,
    fp: PERIOD,
    b2b: [{ ctin: BUYER, inv: [1, 2, 3, 4, 5].map(invoice) }],
    cdnr: [{ ctin: BUYER, nt: [{ ...invoice(6), inum: undefined, idt: undefined, ntty: 'C', nt_num: 'QC/1', nt_dt: '10-05-2025' }] }],
  };
  client.open(supplier, await client.write(supplier, 'PUT', R1, 'RETSAVE', payload, PERIOD));
  client.open(supplier, await client.write(supplier, 'POST', R1, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
  const summary = client.open(supplier, await client.get(supplier, R1, { action: 'RETSUM', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
  const pan = SUPPLIER.slice(2, 12);
  await client.send(
    'GET',
    `/taxpayerapi/v1.0/authenticate?action=EVCOTP&gstin=${SUPPLIER}&pan=${pan}&form_type=R1`,
    client.headers(supplier),
  );
  const { inner } = client.seal(supplier, summary);
  client.open(
    supplier,
    await client.write(supplier, 'POST', R1, 'RETFILE', summary, PERIOD, {
      st: 'EVC',
      sid: `${pan}|${OTP}`,
      sign: client.hmacSign(OTP, inner),
    }),
  );
});
afterAll(async () => sandbox.close());

describe('queued answers', () => {
  it('answers a GSTR-2A section above the threshold with a token, then its files, which make the whole section', async () => {
    const buyer = await client.login(BUYER, 'queue.buyer');
    const queued = client.open(
      buyer,
      await client.get(buyer, `${RETURNS}/gstr2a`, { action: 'B2B', gstin: BUYER, ret_period: PERIOD }, PERIOD),
    ) as Json;
    expect(queued).toEqual({ est: '2', token: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const { whole, counts } = await fetchQueued(buyer, RETURNS, { ret_period: PERIOD, token: String(queued['token']) }, 2);
    expect(counts).toEqual([2, 2, 1]);
    // A section under the threshold is answered as it is.
    const cdn = client.open(
      buyer,
      await client.get(buyer, `${RETURNS}/gstr2a`, { action: 'CDN', gstin: BUYER, ret_period: PERIOD }, PERIOD),
    ) as Json;
    // A section the sandbox has no documents of is empty.
    expect(
      client.open(buyer, await client.get(buyer, `${RETURNS}/gstr2a`, { action: 'ISD', gstin: BUYER, ret_period: PERIOD }, PERIOD)),
    ).toEqual({});
    const read = parseGstr2a({ gstin: BUYER, fp: PERIOD, ...whole, ...cdn });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.records.map((r) => [r.section, r.documentNumber, r.igst])).toEqual([
      ['b2b', 'Q/1', 18_00],
      ['b2b', 'Q/2', 18_00],
      ['b2b', 'Q/3', 18_00],
      ['b2b', 'Q/4', 18_00],
      ['b2b', 'Q/5', 18_00],
      ['cdnr', 'QC/1', 18_00],
    ]);
    // Asked again: another token, whose files are its own.
    const again = client.open(
      buyer,
      await client.get(buyer, `${RETURNS}/gstr2a`, { action: 'B2B', gstin: BUYER, ret_period: PERIOD }, PERIOD),
    ) as Json;
    expect(again['token']).not.toBe(queued['token']);
    expect((await fetchQueued(buyer, RETURNS, { ret_period: PERIOD, token: String(again['token']) }, 2)).whole).toEqual(whole);
    // The token is the buyer's only.
    const supplier = await client.login(SUPPLIER, 'queue.supplier');
    const foreign = await client.get(supplier, RETURNS, {
      action: 'FILEDET',
      gstin: SUPPLIER,
      ret_period: PERIOD,
      token: String(queued['token']),
    });
    expect(errorOf(foreign)?.code).toBe('RET191121');
  });

  it('answers an IMS section above the threshold with a token too, its files on the IMS path', async () => {
    const buyer = await client.login(BUYER, 'queue.buyer');
    const queued = client.open(
      buyer,
      await client.get(buyer, `${RETURNS}/ims`, { action: 'GETINV', gstin: BUYER, section: 'B2B' }),
    ) as Json;
    expect(Object.keys(queued).sort()).toEqual(['est', 'token']);
    const { whole } = await fetchQueued(buyer, `${RETURNS}/ims`, { token: String(queued['token']) }, 2);
    expect((whole['b2b'] as Json[]).map((r) => [r['inum'], r['action']])).toEqual([1, 2, 3, 4, 5].map((n) => [`Q/${n}`, 'N']));
  });
});
