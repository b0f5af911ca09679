// GstPortal over HTTP: the GSTN taxpayer API (apps/portal-sandbox/README.md "Protocol" lists the calls and the
// choices where the public documents are silent). Keys, tokens, OTPs and payloads never reach a log: this module
// logs nothing, and its errors carry only the portal's code and message.
import { randomUUID } from 'node:crypto';
import {
  PORTAL_IMS_SECTIONS,
  PortalError,
  type Gstr2bGenerationStatus,
  type GstPortal,
  type ImsActionRequest,
  type ImsRecordError,
  type ImsSaveStatus,
  type PortalImsSection,
  type PortalDocumentError,
  type PortalDownloadForm,
  type PortalFiledForm,
  type PortalFilingStatus,
  type PortalSaveStatus,
  type PortalSessionState,
  type PortalTaxpayer,
} from './gst-portal';
import { NO_DOCUMENTS_CODES } from './portal-codes';
import {
  cashLedgerOf,
  challanListOf,
  challanOf,
  challanPayload,
  creditLedgerOf,
  itcStatementOf,
  ledgerBalanceOf,
  liabilityLedgerOf,
  offsetPayload,
  slashDateOf,
} from './portal-payments';
import { aesDecrypt, aesEncrypt, hmacOf, newAppKey, openResponse, rsaEncrypt, sealPayload } from './portal-crypto';
import { drcCalls } from './portal-drc';
import { noticeCalls } from './portal-notices';
import { mergeParts, openPortalFile } from './portal-files';

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
  /** Where the files of a queued answer are fetched from (their URLs are paths); the API's base URL when absent. */
  filesBaseUrl?: string | undefined;
  /** How long to wait for a queued answer (a token): DEFAULT_QUEUED_RETRY when absent. */
  queuedRetry?: Partial<QueuedRetry> | undefined;
};

/** Waiting for a queued answer: FILEDET is asked at most `attempts` times, each after `delayMs(est, attempt)`. */
export type QueuedRetry = {
  attempts: number;
  /** The wait before FILEDET's attempt (1, 2, ...), from the portal's estimate in minutes. */
  delayMs: (estMinutes: number, attempt: number) => number;
  sleep: (ms: number) => Promise<void>;
};

/**
 * The portal estimates in minutes (a GSP's documentation shows "30"): a download made while a user waits cannot wait
 * that long. Five attempts, the n-th after n times the estimate capped at 5 seconds (75 seconds at most), then
 * PortalError QUEUED: try again later.
 */
export const DEFAULT_QUEUED_RETRY: QueuedRetry = {
  attempts: 5,
  delayMs: (estMinutes, attempt) => Math.min(Math.max(estMinutes, 0) * 60_000, 5_000) * attempt,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The public search of a taxpayer (apps/portal-sandbox/README.md "Taxpayer search"). */
const SEARCH_PATH = '/commonapi/v1.1/search';
const AUTH_PATH = '/taxpayerapi/v1.0/authenticate';
const RETURNS_PATH = '/taxpayerapi/v2.0/returns';
const IMS_PATH = `${RETURNS_PATH}/ims`;
const LEDGERS_PATH = '/taxpayerapi/v1.0/ledgers';
const PAYMENT_PATH = '/taxpayerapi/v1.0/payment';
/** The project's sandbox's stand-in for the bank where a challan is paid (apps/portal-sandbox/README.md). */
const SANDBOX_BANK_PATH = `${PAYMENT_PATH}/sandbox-bank`;
/** IMS GETINV's section parameter per section. */
const IMS_SECTION_PARAMS: Record<PortalImsSection, string> = {
  b2b: 'B2B',
  b2ba: 'B2BA',
  b2bcn: 'CN',
  b2bcna: 'CNA',
  b2bdn: 'DN',
  b2bdna: 'DNA',
};
/** The fields of an IMS record sent back with an action (the others are the portal's flags). */
const IMS_RECORD_FIELDS = [
  'stin',
  'inum',
  'idt',
  'oinum',
  'oidt',
  'nt_num',
  'nt_dt',
  'ont_num',
  'ont_dt',
  'inv_typ',
  'srcform',
  'rtnprd',
  'val',
  'pos',
  'txval',
  'iamt',
  'camt',
  'samt',
  'cess',
] as const;
/** A form's calls go to /returns/<its code in lower case>: /returns/gstr1, /returns/gstr2b ... */
const formPath = (form: PortalDownloadForm): string => `${RETURNS_PATH}/${form.toLowerCase()}`;

/** The form_type of the EVC OTP request, per filed form. */
const EVC_FORM_TYPES: Record<PortalFiledForm, string> = { GSTR1: 'R1', GSTR1A: 'R1A', GSTR3B: 'R3B' };

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
      ['B2BA', 'b2ba'],
      ['CDN', 'cdn'],
      ['CDNA', 'cdna'],
    ],
  },
  GSTR2B: { action: 'GET2B', periodParam: 'rtnprd' },
  // A GSTR-3B is its RETSUM: the return saved, with its tax payable and what was paid (tx_pmt).
  GSTR3B: { action: 'RETSUM', periodParam: 'ret_period' },
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

  /** One request within the timeout: the response, or PortalError TIMEOUT / NETWORK. */
  const send = async (url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Response> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      return await options.fetch(url, {
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
  };

  /** One call: the JSON answer, or PortalError with the portal's code (status_cd "0") or a transport code. */
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
    const response = await send(`${options.baseUrl}${path}`, method, headers, body);
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

  const retry: QueuedRetry = { ...DEFAULT_QUEUED_RETRY, ...options.queuedRetry };
  const filesBase = (options.filesBaseUrl ?? options.baseUrl).replace(/\/+$/, '');

  /** The files FILEDET lists, downloaded, checked and opened, their parts put together. */
  const downloadFiles = async (session: PortalSessionState, details: Answer): Promise<Record<string, unknown>> => {
    const urls = Array.isArray(details['urls']) ? (details['urls'] as Answer[]) : [];
    const ek = Buffer.from(text(details['ek']), 'base64');
    const parts: unknown[] = [];
    for (const url of urls) {
      const ul = text(url['ul']);
      const response = await send(/^https?:\/\//.test(ul) ? ul : `${filesBase}${ul}`, 'GET', baseHeaders(session.gstin));
      if (!response.ok) throw new PortalError('BAD_ANSWER', `A file of the GST portal could not be downloaded (HTTP ${response.status}).`);
      try {
        parts.push(openPortalFile(Buffer.from(await response.arrayBuffer()), text(url['hash']), ek));
      } catch (error) {
        if (error instanceof PortalError) throw error;
        throw new PortalError('BAD_ANSWER', `A file of the GST portal could not be opened (${(error as Error).message}).`);
      }
    }
    return mergeParts(parts);
  };

  /**
   * A queued answer ({est, token}) waited for: FILEDET within the bounded retries (RTN_24 is "not ready yet"), then its
   * files. Any other answer is given back as it is.
   */
  const unqueue = async (session: PortalSessionState, answer: Answer, fileDetails: (token: string) => Promise<Answer>): Promise<Answer> => {
    const token = answer['token'];
    if (typeof token !== 'string' || token === '') return answer;
    const est = Number(text(answer['est']) || String(answer['est'] ?? 0)) || 0;
    for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
      await retry.sleep(retry.delayMs(est, attempt));
      let details: Answer;
      try {
        details = await fileDetails(token);
      } catch (error) {
        if (error instanceof PortalError && error.portalCode === 'RTN_24') continue;
        throw error;
      }
      return downloadFiles(session, details);
    }
    throw new PortalError('QUEUED', `The GST portal is still preparing this download (it estimated ${est} minutes): try again later.`);
  };

  const section = async (session: PortalSessionState, form: PortalDownloadForm, period: string, key: string): Promise<unknown> => {
    const download = DOWNLOADS[form];
    const action = 'sections' in download ? download.sections.find(([, k]) => k === key)?.[0] : undefined;
    if (action === undefined) throw new RangeError(`${form} has no section ${key} to download`);
    let answer: Answer;
    try {
      answer = (await get(session, formPath(form), { action, gstin: session.gstin, ret_period: period }, period)) as Answer;
    } catch (error) {
      // The portal answers an empty section with a "no documents" code (portal-codes.ts): the section is empty, and the
      // form's other sections are still downloaded.
      if (error instanceof PortalError && NO_DOCUMENTS_CODES.has(error.portalCode)) return undefined;
      throw error;
    }
    const data = await unqueue(
      session,
      answer,
      async (token) =>
        (await get(session, RETURNS_PATH, { action: 'FILEDET', gstin: session.gstin, ret_period: period, token }, period)) as Answer,
    );
    return data[key];
  };

  /** An IMS record sent back: its identifying fields and amounts, its action of then as prev_status. */
  const imsEntry = (record: Readonly<Record<string, unknown>>): Answer => {
    const entry: Answer = {};
    for (const field of IMS_RECORD_FIELDS) if (record[field] !== undefined) entry[field] = record[field];
    if (typeof record['action'] === 'string') entry['prev_status'] = record['action'];
    return entry;
  };

  const imsWrite = async (session: PortalSessionState, action: 'SAVE' | 'RESETIMS', invdata: Answer): Promise<{ referenceId: string }> => {
    const data = await write(
      session,
      'PUT',
      IMS_PATH,
      action,
      { rtin: session.gstin, reqtyp: action === 'SAVE' ? 'SAVE' : 'RESET', invdata },
      '',
    );
    return { referenceId: text(data['reference_id']) };
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

    async searchTaxpayer(gstin) {
      const answer = await call('GET', `${SEARCH_PATH}?action=TP&gstin=${encodeURIComponent(gstin)}`, baseHeaders(gstin));
      return taxpayerOf(gstin, answer['data']);
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

    async imsInvoices(session, params = {}) {
      const out: Record<string, unknown> = {};
      for (const key of params.sections ?? PORTAL_IMS_SECTIONS) {
        const query = {
          action: 'GETINV',
          gstin: session.gstin,
          section: IMS_SECTION_PARAMS[key],
          ...(params.status ? { status: params.status } : {}),
        };
        const answer = await unqueue(
          session,
          (await get(session, IMS_PATH, query)) as Answer,
          async (token) => (await get(session, IMS_PATH, { action: 'FILEDET', gstin: session.gstin, token })) as Answer,
        );
        if (Array.isArray(answer[key]) && (answer[key] as unknown[]).length > 0) out[key] = answer[key];
      }
      return out;
    },

    async imsSaveActions(session, actions) {
      const invdata: Record<string, Answer[]> = {};
      for (const request of actions) (invdata[request.section] ??= []).push(imsSaveEntry(imsEntry(request.record), request));
      return imsWrite(session, 'SAVE', invdata);
    },

    async imsResetActions(session, records) {
      const invdata: Record<string, Answer[]> = {};
      for (const { section, record } of records) (invdata[section] ??= []).push(imsEntry(record));
      return imsWrite(session, 'RESETIMS', invdata);
    },

    async imsSaveStatus(session, referenceId) {
      const data = (await get(session, IMS_PATH, { action: 'REQSTS', gstin: session.gstin, int_tran_id: referenceId })) as Answer;
      return imsSaveStatusOf(data);
    },

    async regenerateGstr2b(session, period) {
      const data = await write(session, 'PUT', formPath('GSTR2B'), 'GEN2B', { rtin: session.gstin, itcprd: period }, '');
      return { referenceId: text(data['reference_id']) };
    },

    async gstr3bAutoLiability(session, period) {
      return get(session, formPath('GSTR3B'), { action: 'AUTOLIAB', gstin: session.gstin, ret_period: period }, period);
    },

    async gstr3bOffset(session, period, offset) {
      const data = await write(session, 'PUT', formPath('GSTR3B'), 'RETOFFSET', offsetPayload(session.gstin, period, offset), period);
      return { referenceId: text(data['reference_id']) };
    },

    async cashLedger(session, from, to) {
      const query = { action: 'CASH', gstin: session.gstin, fr_dt: slashDateOf(from), to_dt: slashDateOf(to) };
      return cashLedgerOf((await get(session, LEDGERS_PATH, query)) as Answer);
    },

    async creditLedger(session, from, to) {
      const query = { action: 'ITC', gstin: session.gstin, fr_dt: slashDateOf(from), to_dt: slashDateOf(to) };
      return creditLedgerOf((await get(session, LEDGERS_PATH, query)) as Answer);
    },

    async liabilityLedger(session, fromPeriod, toPeriod) {
      const query = { action: 'TAX', gstin: session.gstin, fr_dt: fromPeriod, to_dt: toPeriod };
      return liabilityLedgerOf((await get(session, LEDGERS_PATH, query)) as Answer);
    },

    async ledgerBalance(session, period) {
      return ledgerBalanceOf((await get(session, LEDGERS_PATH, { action: 'BAL', gstin: session.gstin, ret_period: period })) as Answer);
    },

    async creditReversalStatement(session, period) {
      return itcStatementOf((await get(session, formPath('GSTR3B'), { action: 'CLOSINGBAL', gstin: session.gstin }, period)) as Answer);
    },

    async rcmStatement(session, period) {
      return itcStatementOf((await get(session, formPath('GSTR3B'), { action: 'RCMCLOSINGBAL', gstin: session.gstin }, period)) as Answer);
    },

    async createChallan(session, request) {
      return challanOf(await write(session, 'POST', PAYMENT_PATH, 'GENERATE', challanPayload(session.gstin, request), ''));
    },

    async challan(session, cpin) {
      return challanOf((await get(session, PAYMENT_PATH, { action: 'CHLNDTLS', gstin: session.gstin, cpin })) as Answer);
    },

    async challans(session, from, to) {
      const query = { action: 'CHLNHIST', gstin: session.gstin, fr_dt: slashDateOf(from), to_dt: slashDateOf(to) };
      return challanListOf((await get(session, PAYMENT_PATH, query)) as Answer);
    },

    async payChallanInSandbox(session, cpin) {
      if (!options.sandbox)
        throw new PortalError('SANDBOX_ONLY', 'A challan is paid at the bank: only the project’s sandbox takes a payment here.');
      return challanOf(await write(session, 'POST', SANDBOX_BANK_PATH, 'PAY', { cpin }, ''));
    },

    ...drcCalls({
      sandbox: options.sandbox,
      get: (session, path, query) => get(session, path, query),
      write: (session, method, path, action, payload, extra) => write(session, method, path, action, payload, '', extra),
      evcOtp: async (session, formType, pan) => {
        const query = new URLSearchParams({ action: 'EVCOTP', gstin: session.gstin, pan, form_type: formType });
        await call('GET', `${AUTH_PATH}?${query.toString()}`, sessionHeaders(session));
      },
    }),

    ...noticeCalls({
      sandbox: options.sandbox,
      get: (session, path, query) => get(session, path, query),
      write: (session, method, path, action, payload) => write(session, method, path, action, payload, ''),
    }),

    async gstr2bGenerationStatus(session, referenceId) {
      const data = (await get(session, formPath('GSTR2B'), {
        action: 'GENSTS2B',
        gstin: session.gstin,
        int_tran_id: referenceId,
      })) as Answer;
      return generationStatusOf(data);
    },
  };
};

const rupeesOf = (paise: number | undefined): number => (paise ?? 0) / 100;

/** The action of a SAVE entry, with its remarks and the ITC reduction declared (rupees, as the API takes amounts). */
const imsSaveEntry = (entry: Answer, request: ImsActionRequest): Answer => {
  const out: Answer = { ...entry, action: request.action };
  if (request.remarks !== undefined && request.remarks.trim() !== '') out['remarks'] = request.remarks.trim();
  const reduction = request.itcReduction;
  if (reduction) {
    out['itcRedReq'] = reduction.required ? 'Y' : 'N';
    if (reduction.required && [reduction.igst, reduction.cgst, reduction.sgst, reduction.cess].some((v) => v !== undefined)) {
      out['declIgst'] = rupeesOf(reduction.igst);
      out['declCgst'] = rupeesOf(reduction.cgst);
      out['declSgst'] = rupeesOf(reduction.sgst);
      out['declCess'] = rupeesOf(reduction.cess);
    }
  }
  return out;
};

/** REQSTS: {status_cd, proc_cnt, err_cd, err_msg, error_report: {section: [{stin, error_cd, error_msg, inv: [{inum|nt_num, rtnprd}]}]}}. */
const imsSaveStatusOf = (data: Answer): ImsSaveStatus => {
  const status = text(data['status_cd']);
  if (status !== 'P' && status !== 'PE' && status !== 'ER' && status !== 'IP')
    throw new PortalError('BAD_ANSWER', `The GST portal answered an unknown IMS request status "${status}".`);
  const errors: ImsRecordError[] = [];
  const report = (data['error_report'] ?? {}) as Answer;
  for (const [section, groups] of Object.entries(typeof report === 'object' && report !== null ? report : {})) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups as Answer[]) {
      const records = Array.isArray(group['inv']) ? (group['inv'] as Answer[]) : [group];
      for (const record of records) {
        errors.push({
          section,
          supplierGstin: text(group['stin']) || text(record['stin']) || null,
          documentNumber: text(record['inum']) || text(record['nt_num']) || null,
          supplierPeriod: text(record['rtnprd']) || null,
          errorCode: text(record['error_cd']) || text(group['error_cd']),
          errorMessage: text(record['error_msg']) || text(group['error_msg']),
        });
      }
    }
  }
  const message = `${text(data['err_cd'])} ${text(data['err_msg'])}`.trim();
  return { status, processed: Number(text(data['proc_cnt']) || data['proc_cnt'] || 0) || 0, errors, message: message || null };
};

/** GENSTS2B: {status_cd, err_cd, err_msg}. */
const generationStatusOf = (data: Answer): Gstr2bGenerationStatus => {
  const status = text(data['status_cd']);
  if (status !== 'P' && status !== 'IP' && status !== 'ER')
    throw new PortalError('BAD_ANSWER', `The GST portal answered an unknown GSTR-2B generation status "${status}".`);
  const message = `${text(data['err_cd'])} ${text(data['err_msg'])}`.trim();
  return { status, message: message || null };
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

/** "01/07/2017" (the API's dates) as "2017-07-01"; null when blank or not such a date. */
const isoOfSlashDate = (value: unknown): string | null => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text(value));
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
};

/** The search answer's data (`{gstin, lgnm, tradeNam, sts, dty, rgdt, cxdt, ...}`), as JSON or base64 of JSON. */
const taxpayerOf = (gstin: string, data: unknown): PortalTaxpayer => {
  let record: unknown = data;
  if (typeof data === 'string') {
    try {
      record = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
    } catch {
      record = null;
    }
  }
  if (record === null || typeof record !== 'object')
    throw new PortalError('BAD_ANSWER', 'The GST portal answered the taxpayer search without its record.');
  const answer = record as Answer;
  const status = text(answer['sts']);
  if (!status) throw new PortalError('BAD_ANSWER', 'The GST portal answered the taxpayer search without a status.');
  return {
    gstin: text(answer['gstin']) || gstin,
    status,
    taxpayerType: text(answer['dty']) || null,
    legalName: text(answer['lgnm']) || null,
    tradeName: text(answer['tradeNam']) || null,
    registeredOn: isoOfSlashDate(answer['rgdt']),
    cancelledOn: isoOfSlashDate(answer['cxdt']),
  };
};
