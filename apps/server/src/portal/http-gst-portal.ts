// GstPortal over HTTP: the GSTN taxpayer API (apps/portal-sandbox/README.md "Protocol" lists the calls and the
// choices where the public documents are silent). Keys, tokens, OTPs and payloads never reach a log: this module
// logs nothing, and its errors carry only the portal's code and message.
import { randomUUID } from 'node:crypto';
import {
  PortalError,
  type GstPortal,
  type PortalDocumentError,
  type PortalDownloadForm,
  type PortalFiledForm,
  type PortalFilingStatus,
  type PortalSaveStatus,
  type PortalSessionState,
} from './gst-portal';
import { aesDecrypt, aesEncrypt, hmacOf, newAppKey, openResponse, rsaEncrypt, sealPayload } from './portal-crypto';

/** The part of fetch the adapter uses: real HTTP for a remote portal, app.inject for the mounted sandbox. */
export type PortalFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export type HttpGstPortalOptions = {
  /** Base URL of the API host; the calls append /taxpayerapi/... */
  baseUrl: string;
  fetch: PortalFetch;
  /** The portal's RSA public key (PEM); loaded once on first use. */
  publicKey: () => Promise<string>;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  timeoutMs: number;
  sandbox: boolean;
  now: () => Date;
};

const AUTH_PATH = '/taxpayerapi/v1.0/authenticate';
const RETURNS_PATH = '/taxpayerapi/v2.0/returns';
/** A form's calls go to /returns/<its code in lower case>: /returns/gstr1, /returns/gstr2b ... */
const formPath = (form: PortalDownloadForm): string => `${RETURNS_PATH}/${form.toLowerCase()}`;

/** The form_type of the EVC OTP request, per filed form. */
const EVC_FORM_TYPES: Record<PortalFiledForm, string> = { GSTR1: 'R1', GSTR1A: 'R1A' };

/** A section download: the portal's action, and the key of the section in the answer and in the whole form. */
type SectionDownload = readonly [action: string, key: string];

/** The section downloads of a filed or saved GSTR-1 (action → key of the save format). */
const GSTR1_SECTIONS: readonly SectionDownload[] = [
  ['B2B', 'b2b'],
  ['B2BA', 'b2ba'],
  ['B2CL', 'b2cl'],
  ['B2CLA', 'b2cla'],
  ['B2CS', 'b2cs'],
  ['B2CSA', 'b2csa'],
  ['CDNR', 'cdnr'],
  ['CDNRA', 'cdnra'],
  ['CDNUR', 'cdnur'],
  ['CDNURA', 'cdnura'],
  ['EXP', 'exp'],
  ['EXPA', 'expa'],
  ['AT', 'at'],
  ['ATA', 'ata'],
  ['TXP', 'txpd'],
  ['TXPA', 'txpda'],
  ['NIL', 'nil'],
  ['HSNSUM', 'hsn'],
  ['DOCISS', 'doc_issue'],
  ['SUPECO', 'supeco'],
];

/** How a form is downloaded whole: section by section into { gstin, fp, ...sections }, or with one action that answers it all. */
type FormDownload = { sections: readonly SectionDownload[] } | { action: string; periodParam: string };

const DOWNLOADS: Record<PortalDownloadForm, FormDownload> = {
  GSTR1: { sections: GSTR1_SECTIONS },
  GSTR1A: { sections: GSTR1_SECTIONS },
  GSTR2A: {
    sections: [
      ['B2B', 'b2b'],
      ['CDN', 'cdn'],
    ],
  },
  GSTR2B: { action: 'GET2B', periodParam: 'rtnprd' },
};

type Answer = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const keysOf = (session: PortalSessionState): { authToken: string; ek: Buffer } => {
  const authToken = session.secrets['authToken'];
  const ek = session.secrets['ek'];
  if (!authToken || !ek) throw new PortalError('AUTH4033', 'Invalid Session');
  return { authToken, ek: Buffer.from(ek, 'base64') };
};

export const createHttpGstPortal = (options: HttpGstPortalOptions): GstPortal => {
  let publicKey: Promise<string> | null = null;
  const portalKey = (): Promise<string> => {
    publicKey ??= options.publicKey().catch((error: unknown) => {
      publicKey = null;
      throw error;
    });
    return publicKey;
  };

  const baseHeaders = (gstin: string): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'application/json',
    gstin,
    'state-cd': gstin.slice(0, 2),
    txn: randomUUID().replaceAll('-', ''),
    'ip-usr': '127.0.0.1',
    ...(options.clientId ? { clientid: options.clientId } : {}),
    ...(options.clientSecret ? { 'client-secret': options.clientSecret } : {}),
  });

  const sessionHeaders = (session: PortalSessionState, period?: string): Record<string, string> => ({
    ...baseHeaders(session.gstin),
    username: session.userName,
    'auth-token': keysOf(session).authToken,
    ...(period ? { ret_period: period } : {}),
  });

  /** One call: the JSON answer, or PortalError with the portal's code (status_cd "0") or a transport code. */
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted)
        throw new PortalError('TIMEOUT', `The GST portal did not answer within ${options.timeoutMs / 1000} seconds.`);
      throw new PortalError('NETWORK', `The GST portal could not be reached (${(error as Error).message}).`);
    } finally {
      clearTimeout(timer);
    }
    const raw = await response.text();
    let answer: Answer;
    try {
      answer = JSON.parse(raw) as Answer;
    } catch {
      throw new PortalError('BAD_ANSWER', `The GST portal answered HTTP ${response.status} without JSON.`, response.status);
    }
    if (text(answer['status_cd']) !== '1') {
      const error = (answer['error'] ?? {}) as Answer;
      throw new PortalError(
        text(error['error_cd']) || `HTTP${response.status}`,
        text(error['message']) || `The GST portal refused the call (HTTP ${response.status}).`,
        response.status,
      );
    }
    return answer;
  };

  /** The decrypted data of a session call's answer. */
  const open = (session: PortalSessionState, answer: Answer): unknown => {
    try {
      return openResponse(keysOf(session).ek, {
        data: text(answer['data']),
        rek: text(answer['rek']),
        hmac: typeof answer['hmac'] === 'string' ? answer['hmac'] : undefined,
      });
    } catch (error) {
      if (error instanceof PortalError) throw error;
      throw new PortalError('BAD_ANSWER', 'The GST portal answer could not be decrypted or failed its integrity check.');
    }
  };

  const get = async (session: PortalSessionState, path: string, query: Record<string, string>, period?: string): Promise<unknown> => {
    const answer = await call('GET', `${path}?${new URLSearchParams(query).toString()}`, sessionHeaders(session, period));
    return open(session, answer);
  };

  const write = async (
    session: PortalSessionState,
    method: 'PUT' | 'POST',
    path: string,
    action: string,
    payload: unknown,
    period: string,
    extra: Record<string, string> = {},
  ): Promise<Answer> => {
    const sealed = sealPayload(keysOf(session).ek, payload);
    const answer = await call(method, path, sessionHeaders(session, period), { action, ...sealed, ...extra });
    return open(session, answer) as Answer;
  };

  const sessionFrom = (gstin: string, userName: string, answer: Answer, appKey: Buffer): PortalSessionState => {
    const ek = aesDecrypt(appKey, text(answer['sek']));
    const minutes = Number(answer['expiry'] ?? 360);
    return {
      gstin,
      userName,
      expiresAt: new Date(options.now().getTime() + minutes * 60_000).toISOString(),
      secrets: { authToken: text(answer['auth_token']), ek: ek.toString('base64') },
    };
  };

  const summary = async (session: PortalSessionState, form: PortalFiledForm, period: string): Promise<unknown> =>
    get(session, formPath(form), { action: 'RETSUM', gstin: session.gstin, ret_period: period }, period);

  const section = async (session: PortalSessionState, form: PortalDownloadForm, period: string, key: string): Promise<unknown> => {
    const download = DOWNLOADS[form];
    const action = 'sections' in download ? download.sections.find(([, k]) => k === key)?.[0] : undefined;
    if (action === undefined) throw new RangeError(`${form} has no section ${key} to download`);
    const data = (await get(session, formPath(form), { action, gstin: session.gstin, ret_period: period }, period)) as Answer;
    return data[key];
  };

  return {
    sandbox: options.sandbox,

    async requestOtp(gstin, userName) {
      const appKey = rsaEncrypt(await portalKey(), newAppKey());
      await call('POST', AUTH_PATH, baseHeaders(gstin), { action: 'OTPREQUEST', username: userName, app_key: appKey });
    },

    async authenticate(gstin, userName, otp) {
      const appKey = newAppKey();
      const answer = await call('POST', AUTH_PATH, baseHeaders(gstin), {
        action: 'AUTHTOKEN',
        username: userName,
        app_key: rsaEncrypt(await portalKey(), appKey),
        otp: aesEncrypt(appKey, Buffer.from(otp)),
      });
      return sessionFrom(gstin, userName, answer, appKey);
    },

    async refresh(session) {
      const { authToken, ek } = keysOf(session);
      const appKey = newAppKey();
      const answer = await call('POST', AUTH_PATH, baseHeaders(session.gstin), {
        action: 'REFRESHTOKEN',
        username: session.userName,
        auth_token: authToken,
        app_key: aesEncrypt(ek, appKey),
      });
      return sessionFrom(session.gstin, session.userName, answer, appKey);
    },

    async save(session, form, period, payload) {
      const data = await write(session, 'PUT', formPath(form), 'RETSAVE', JSON.parse(payload) as unknown, period);
      return { referenceId: text(data['reference_id']) };
    },

    async saveStatus(session, period, referenceId) {
      const data = (await get(
        session,
        RETURNS_PATH,
        { action: 'RETSTATUS', gstin: session.gstin, ret_period: period, ref_id: referenceId },
        period,
      )) as Answer;
      return saveStatusOf(data);
    },

    summary,

    async submit(session, form, period) {
      const data = await write(session, 'POST', formPath(form), 'RETSUBMIT', { gstin: session.gstin, ret_period: period }, period);
      return { referenceId: text(data['reference_id']) };
    },

    async requestEvcOtp(session, form, pan) {
      const query = new URLSearchParams({ action: 'EVCOTP', gstin: session.gstin, pan, form_type: EVC_FORM_TYPES[form] });
      await call('GET', `${AUTH_PATH}?${query.toString()}`, sessionHeaders(session));
    },

    async file(session, form, period, pan, otp) {
      // EVC signs the summary being filed: the portal refuses a summary that differs from what it holds.
      const filed = await summary(session, form, period);
      const inner = Buffer.from(JSON.stringify(filed)).toString('base64');
      const sign = hmacOf(Buffer.from(otp), inner);
      const data = await write(session, 'POST', formPath(form), 'RETFILE', filed, period, { sign, st: 'EVC', sid: `${pan}|${otp}` });
      return { arn: text(data['ack_num']) };
    },

    async filingStatus(session, form, period) {
      const data = (await get(
        session,
        RETURNS_PATH,
        { action: 'RETTRACK', gstin: session.gstin, ret_period: period, type: form },
        period,
      )) as Answer;
      return filingStatusOf(data, form, period);
    },

    section,

    async download(session, form, period) {
      const download = DOWNLOADS[form];
      if (!('sections' in download))
        return get(session, formPath(form), { action: download.action, gstin: session.gstin, [download.periodParam]: period }, period);
      const whole: Answer = { gstin: session.gstin, fp: period };
      for (const [, key] of download.sections) {
        const data = await section(session, form, period, key);
        if (data !== undefined) whole[key] = data;
      }
      return whole;
    },
  };
};

/** RETSTATUS: {status_cd, error_report} where the report lists per section the refused documents (or, for ER, the error). */
const saveStatusOf = (data: Answer): PortalSaveStatus => {
  const status = text(data['status_cd']);
  if (status !== 'P' && status !== 'PE' && status !== 'ER' && status !== 'IP')
    throw new PortalError('BAD_ANSWER', `The GST portal answered an unknown save status "${status}".`);
  const report = (data['error_report'] ?? {}) as Answer;
  if (status === 'ER') return { status, errors: [], message: `${text(report['error_cd'])} ${text(report['error_msg'])}`.trim() || null };
  const errors: PortalDocumentError[] = [];
  for (const [section, entries] of Object.entries(report)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Answer[]) {
      const nested = [entry['inv'], entry['nt']].find(Array.isArray) as Answer[] | undefined;
      for (const doc of nested ?? [entry]) {
        errors.push({
          section,
          documentNumber: text(doc['inum']) || text(doc['nt_num']) || null,
          counterpartyGstin: text(entry['ctin']) || null,
          errorCode: text(doc['error_cd']),
          errorMessage: text(doc['error_msg']),
        });
      }
    }
  }
  return { status, errors, message: null };
};

/** RETTRACK: {EFiledlist: [{rtntype, ret_prd, status, arn, dof}]}; no entry = not filed. */
const filingStatusOf = (data: Answer, form: PortalFiledForm, period: string): PortalFilingStatus => {
  const list = Array.isArray(data['EFiledlist']) ? (data['EFiledlist'] as Answer[]) : [];
  const entry = list.find((e) => text(e['rtntype']) === form && text(e['ret_prd']) === period);
  if (!entry) return { status: 'NOT_FILED', arn: null, filedOn: null };
  const dof = text(entry['dof']);
  return {
    status: text(entry['status']).toUpperCase().replaceAll(' ', '_'),
    arn: text(entry['arn']) || null,
    filedOn: /^\d{2}-\d{2}-\d{4}$/.test(dof) ? `${dof.slice(6)}-${dof.slice(3, 5)}-${dof.slice(0, 2)}` : null,
  };
};
