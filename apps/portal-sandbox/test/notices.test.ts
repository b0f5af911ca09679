// Notices and orders at the sandbox over HTTP with the raw protocol: the control hook issues two notices to a GSTIN;
// its taxpayer lists them (the newest first, amounts in rupees, dates DD/MM/YYYY) and downloads each one's PDF; another
// GSTIN sees none; a reference issued twice, an unknown form, a bad date and a call without a session are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, RawClient, startSandbox, type Clock, type Session } from './client';

const NOTICES = '/taxpayerapi/v1.0/notices';
const GSTIN = '27AAPFU0939F1ZV';
const OTHER = '29AAGCB7383J1Z4';

const clock: Clock = { at: new Date('2025-06-10T10:00:00+05:30') };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: RawClient;
let taxpayer: Session;
let other: Session;

type J = Record<string, unknown>;

beforeAll(async () => {
  sandbox = await startSandbox(clock);
  client = new RawClient(sandbox.app);
  taxpayer = await client.login(GSTIN, 'tp27');
  other = await client.login(OTHER, 'tp29');
});
afterAll(async () => sandbox.close());

const issue = (s: Session, data: J) => client.write(s, 'PUT', `${NOTICES}/sandbox-issue`, 'ISSUE', data, '');
const list = async (s: Session): Promise<J[]> =>
  (client.open(s, await client.get(s, NOTICES, { action: 'LIST', gstin: s.gstin })) as { notices: J[] }).notices;

describe('notices and orders', () => {
  it('issues two notices and lists them to their GSTIN only, the newest first', async () => {
    const asmt = client.open(
      taxpayer,
      await issue(taxpayer, {
        form_typ: 'ASMT-10',
        ref_id: 'ZD270525000123A',
        issue_dt: '20/05/2025',
        due_dt: '19/06/2025',
        section: '61',
        fy: ['2023-24'],
        subject: 'Discrepancies in the return of FY 2023-24',
        issued_by: { name: 'R. Sharma', desig: 'Superintendent', juris: 'Mumbai East, Range 3' },
        amt: { tax: { iamt: 12500.5, camt: 0, samt: 0, csamt: 0 }, intr: 1000, pen: 0 },
      }),
    ) as J;
    expect(asmt).toMatchObject({ form_typ: 'ASMT-10', doc_typ: 'NOTICE', issue_dt: '20/05/2025', due_dt: '19/06/2025' });
    expect(String(asmt['case_id'])).toMatch(/^AD27\d{6}[0-9A-F]{7}$/);
    client.open(
      taxpayer,
      await issue(taxpayer, {
        form_typ: 'DRC-07',
        ref_id: 'ZD270625000456B',
        issue_dt: '05/06/2025',
        section: '73',
        amt: { tax: { iamt: 0, camt: 500, samt: 500 }, intr: 0, pen: 100 },
      }),
    );

    const notices = await list(taxpayer);
    expect(notices.map((n) => n['ref_id'])).toEqual(['ZD270625000456B', 'ZD270525000123A']);
    expect(notices[0]).toMatchObject({
      doc_typ: 'ORDER',
      due_dt: '',
      amt: { tax: { iamt: 0, camt: 500, samt: 500, csamt: 0 }, intr: 0, pen: 100 },
    });
    expect(notices[1]).toMatchObject({
      fy: ['2023-24'],
      issued_by: { name: 'R. Sharma', desig: 'Superintendent', juris: 'Mumbai East, Range 3' },
      amt: { tax: { iamt: 12500.5 }, intr: 1000 },
      doc_name: 'ASMT-10_ZD270525000123A.pdf',
    });
    expect(await list(other)).toEqual([]);
  });

  it('downloads the PDF of a notice, to its GSTIN only', async () => {
    const answer = client.open(
      taxpayer,
      await client.get(taxpayer, NOTICES, { action: 'DOWNLOAD', gstin: GSTIN, ref_id: 'ZD270525000123A' }),
    ) as J;
    const pdf = Buffer.from(String(answer['content']), 'base64').toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(FORM GST ASMT-10)');
    // The xref offsets point at the objects.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const first = Number(/0000000000 65535 f \n(\d{10})/.exec(pdf)?.[1]);
    expect(pdf.slice(first, first + 7)).toBe('1 0 obj');
    expect(errorOf(await client.get(other, NOTICES, { action: 'DOWNLOAD', gstin: OTHER, ref_id: 'ZD270525000123A' }))?.code).toBe(
      'NTC1001',
    );
  });

  it('refuses a reference issued twice, an unknown form, a bad date, a due date before the issue and no session', async () => {
    const base = { form_typ: 'DRC-01', ref_id: 'ZD270525000123A', issue_dt: '01/06/2025', section: '73' };
    expect(errorOf(await issue(taxpayer, base))?.code).toBe('NTC1002');
    expect(errorOf(await issue(taxpayer, { ...base, ref_id: 'N2', form_typ: 'GSTR-9' }))?.message).toContain('form_typ must be one of');
    expect(errorOf(await issue(taxpayer, { ...base, ref_id: 'N3', issue_dt: '31/02/2025' }))?.message).toContain('issue_dt is not a date');
    expect(errorOf(await issue(taxpayer, { ...base, ref_id: 'N4', due_dt: '01/05/2025' }))?.message).toContain('due_dt must not be before');
    const anonymous = await client.send('GET', `${NOTICES}?action=LIST&gstin=${GSTIN}`, { gstin: GSTIN });
    expect(errorOf(anonymous)?.code).toBe('AUTH4033');
    expect(await list(taxpayer)).toHaveLength(2);
  });
});
