// The server's client of the NIC e-way bill API v1.03 (README.md of apps/portal-sandbox, "E-way bill sandbox"):
// authentication with the same encryption as the e-invoice API (credentials RSA-encrypted, the SEK AES-encrypted with
// our app_key), then one typed method per action of POST <URL>/ewayapi/ and per get. The same protocol answers from a
// GSP's e-way bill system and from the project's sandbox (mounted under /ewb-sandbox, reached through app.inject with
// the sandbox gate's secret, or standalone over HTTP). Keys and tokens stay in the EwbSession the caller keeps.
// The AES, RSA and HMAC helpers are the server's own side of the wire (../portal-crypto.ts), not the sandbox's.
import type { EwaybillJson } from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { EwbConfig } from '../../config';
import type { PortalFetch } from '../http-gst-portal';
import { sandboxInjectFetch, type SandboxGate } from '../sandbox-mount';
import { aesDecrypt, aesEncrypt, openResponse, rsaEncrypt } from '../portal-crypto';
import { EWB_SANDBOX_PREFIX } from './mount';

/** The API's version path under a host (NIC's <URL> is https://<host>/ewaybillapi/v1.03). */
export const EWB_API_PATH = '/ewaybillapi/v1.03';

export type EwbSession = { gstin: string; userName: string; authToken: string; sek: string };

/** One refusal in the product's error shape: NIC's code, its text, and the request field it is about ('' when none). */
export type EwbProblem = { code: string; field: string; message: string };

/** The request field each of NIC's codes is about, where it names one. */
const FIELD_OF_CODE: Record<string, string> = {
  '201': 'supplyType',
  '202': 'subSupplyType',
  '204': 'docType',
  '206': 'docNo',
  '207': 'docDate',
  '820': 'docDate',
  '208': 'fromGstin',
  '212': 'toGstin',
  '210': 'fromPincode',
  '214': 'toPincode',
  '211': 'fromStateCode',
  '215': 'toStateCode',
  '216': 'hsnCode',
  '220': 'transMode',
  '302': 'transMode',
  '221': 'transDistance',
  '702': 'transDistance',
  '222': 'transporterId',
  '223': 'transDocNo',
  '385': 'transDocNo',
  '224': 'transDocDate',
  '362': 'transDocDate',
  '225': 'vehicleNo',
  '303': 'vehicleNo',
  '304': 'vehicleNo',
  '408': 'newVehicleNo',
  '361': 'vehicleType',
  '634': 'vehicleType',
  '305': 'fromPlace',
  '306': 'fromState',
  '307': 'reasonCode',
  '308': 'reasonRem',
  '389': 'remainingDistance',
  '390': 'remainingDistance',
  '399': 'unitCode',
  '400': 'totalQuantity',
  '402': 'totalQuantity',
  '620': 'totInvValue',
};

/** The texts of the authentication's codes (the later calls read NIC's own list, GetErrorList, with the session). */
const AUTH_TEXTS: Record<string, string> = {
  '106': 'Token Expired',
  '107': 'Authentication failed. Pls. inform the helpdesk',
  '108': 'Invalid login credentials.',
  '110': 'Invalid Client-ID/Client-Secret',
};

/** The e-way bill system's refusal: its codes with their texts, and NIC's `info` (702 names the PIN codes). */
export class EwbError extends Error {
  constructor(
    readonly problems: readonly EwbProblem[],
    readonly info: unknown,
  ) {
    super(problems.map((p) => `${p.code}: ${p.message}`).join('; ') || 'The e-way bill system refused the request');
    this.name = 'EwbError';
  }

  get codes(): string[] {
    return this.problems.map((p) => p.code);
  }
}

export type EwbGenerated = { ewayBillNo: number; ewayBillDate: string; validUpto: string | null; alert: string };
export type EwbPartB = { transMode: '1' | '2' | '3' | '4'; vehicleNo?: string; transDocNo?: string; transDocDate?: string };
export type EwbVehicleUpdate = EwbPartB & {
  ewbNo: number;
  fromPlace: string;
  fromState: number;
  /** 1 breakdown, 2 transhipment, 3 others, 4 first time. */
  reasonCode: '1' | '2' | '3' | '4';
  reasonRem: string;
};
export type EwbExtension = {
  ewbNo: number;
  fromPlace: string;
  fromState: number;
  fromPincode: number;
  remainingDistance: number;
  /** 1 natural calamity, 2 law and order, 4 transhipment, 5 accident, 99 others. */
  extnRsnCode: 1 | 2 | 4 | 5 | 99;
  extnRemarks: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
} & (
  | (EwbPartB & { consignmentStatus: 'M'; transitType: '' })
  | { consignmentStatus: 'T'; transMode: '5'; transitType: 'R' | 'W' | 'O'; vehicleNo?: ''; transDocNo?: ''; transDocDate?: '' }
);
export type EwbMultiVehicleStart = {
  ewbNo: number;
  fromPlace: string;
  fromState: number;
  toPlace: string;
  toState: number;
  transMode: '1' | '2' | '3' | '4';
  totalQuantity: number;
  unitCode: string;
  reasonCode: '1' | '2' | '3' | '4';
  reasonRem: string;
};
export type EwbMultiVehicleAdd = {
  ewbNo: number;
  groupNo: number;
  vehicleNo?: string;
  transDocNo?: string;
  transDocDate?: string;
  quantity: number;
};
export type EwbMultiVehicleChange = {
  ewbNo: number;
  groupNo: number;
  oldvehicleNo?: string;
  newVehicleNo?: string;
  oldTranNo?: string;
  newTranNo?: string;
  fromPlace: string;
  fromState: number;
  reasonCode: '1' | '2' | '3' | '4';
  reasonRem: string;
};
export type EwbConsolidation = EwbPartB & { fromPlace: string; fromState: number; tripSheetEwbBills: { ewbNo: number }[] };
export type EwbTripSheetRegeneration = EwbPartB & {
  tripSheetNo: number;
  fromPlace: string;
  fromState: number;
  reasonCode: '1' | '2' | '3' | '4';
  reasonRem: string;
};

/** A vehicle of GetEwayBill's VehiclListDetails (newest first). */
export type EwbVehicle = {
  updMode: string;
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  tripshtNo: number;
  userGSTINTransin: string;
  enteredDate: string;
  transMode: string;
  transDocNo: string;
  transDocDate: string;
  groupNo: string;
};

/** An e-way bill as GetEwayBill answers it: Part A as generated, then its status, validity and vehicles. */
export type EwbDetails = EwaybillJson & {
  ewbNo: number;
  ewayBillDate: string;
  genMode: string;
  userGstin: string;
  status: 'ACT' | 'CNL';
  actualDist: number;
  noValidDays: number;
  validUpto: string | null;
  extendedTimes: number;
  rejectStatus: 'Y' | 'N';
  VehiclListDetails: EwbVehicle[];
};

export type EwbListEntry = {
  ewbNo: number;
  ewbDate: string;
  status: 'ACT' | 'CNL';
  genGstin: string;
  docNo: string;
  docDate: string;
  delPinCode: number | null;
  delStateCode: number | null;
  delPlace: string;
  validUpto: string | null;
  extendedTimes: number;
  rejectStatus: 'Y' | 'N';
};

export type EwbTripSheet = {
  tripSheetNo: number;
  tripSheetStatus: string;
  regeneratedAs: number | null;
  userGstin: string;
  enteredDate: string;
  fromPlace: string;
  fromState: number;
  vehicleNo: string;
  transMode: string;
  transDocNo: string;
  transDocDate: string;
  tripSheetEwbBills: EwbListEntry[];
};

// Statuses ---------------------------------------------------------------------------------------------------------

/** The product's e-way bill statuses (core §4) that the API's answers decide. */
export type EwbProductStatus =
  | 'Generated'
  | 'Cancelled'
  | 'TransporterUpdated'
  | 'TransportDetailsUpdated'
  | 'Expired'
  | 'Rejected'
  | 'ValidityExtended'
  | 'VehicleDetailUpdated'
  | 'MultiVehicleInitiated'
  | 'MultiVehicleAdded'
  | 'MultiVehicleUpdated';

/** The status an e-way bill takes after each action succeeds. */
export const EWB_STATUS_AFTER = {
  GENEWAYBILL: 'Generated',
  VEHEWB: 'VehicleDetailUpdated',
  UPDATETRANSPORTER: 'TransporterUpdated',
  EXTENDVALIDITY: 'ValidityExtended',
  CANEWB: 'Cancelled',
  REJEWB: 'Rejected',
  MULTIVEHMOVINT: 'MultiVehicleInitiated',
  MULTIVEHADD: 'MultiVehicleAdded',
  MULTIVEHUPD: 'MultiVehicleUpdated',
  GENCEWB: 'TransportDetailsUpdated',
  REGENTRIPSHEET: 'TransportDetailsUpdated',
} as const satisfies Record<string, EwbProductStatus>;

const IST_MS = 330 * 60_000;

/** The instant of one of the API's stamps, 'dd/mm/yyyy hh:mm:ss AM' in IST; null when it is none. */
export const ewbInstant = (stamp: string | null | undefined): Date | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2})[:.](\d{2}):(\d{2}) ?(AM|PM)?$/.exec((stamp ?? '').trim());
  if (!m) return null;
  let hours = Number(m[4]);
  if (m[7] === 'PM' && hours < 12) hours += 12;
  if (m[7] === 'AM' && hours === 12) hours = 0;
  return new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), hours, Number(m[5]), Number(m[6])) - IST_MS);
};

/** The last second of a validity the API states to the minute ("26/11/2026 11:59:00 PM" is valid through 23:59:59). */
export const ewbValidUntil = (validUpto: string | null | undefined): Date | null => {
  const at = ewbInstant(validUpto);
  return at === null ? null : new Date(at.getTime() + 59_000);
};

/**
 * The status an e-way bill read back (GetEwayBill) stands in at `now`: cancelled, rejected by the other party and
 * expired first; then what its history shows last.
 */
export const ewbStatusOf = (details: EwbDetails, now: Date): EwbProductStatus => {
  if (details.status === 'CNL') return 'Cancelled';
  if (details.rejectStatus === 'Y') return 'Rejected';
  const until = ewbValidUntil(details.validUpto);
  if (until !== null && now.getTime() > until.getTime()) return 'Expired';
  const latest = details.VehiclListDetails[0];
  if (latest?.updMode === 'EXTEND' || (details.extendedTimes > 0 && latest?.updMode !== 'MULTI')) return 'ValidityExtended';
  if (latest?.updMode === 'MULTI') return 'MultiVehicleUpdated';
  if (latest?.updMode === 'CEWB') return 'TransportDetailsUpdated';
  if (details.VehiclListDetails.length > 1 || (latest !== undefined && latest.enteredDate !== details.ewayBillDate))
    return 'VehicleDetailUpdated';
  return 'Generated';
};

// The client -------------------------------------------------------------------------------------------------------

export type EwbClientOptions = {
  /** The API's <URL> (…/ewaybillapi/v1.03); the calls append /auth/, /ewayapi/ and the gets. */
  baseUrl: string;
  fetch: PortalFetch;
  /** PEM of the e-way bill system's public key (the authentication's encryption). */
  publicKey: () => Promise<string>;
  clientId: string;
  clientSecret: string;
};

type Envelope = {
  status?: string | number;
  data?: string;
  rek?: string;
  hmac?: string;
  error?: unknown;
  info?: unknown;
  authtoken?: string;
  sek?: string;
};

/** The codes of an error answer: {errorCodes: "312,315"} as NIC's pages show it, or that JSON in base64. */
const codesOf = (error: unknown): string[] => {
  let value = error;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
    } catch {
      value = { errorCodes: value };
    }
  }
  const codes = value && typeof value === 'object' ? (value as { errorCodes?: unknown }).errorCodes : undefined;
  return String(codes ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
};

const jsonOf = (plain: Buffer): unknown => {
  const text = plain.toString('utf8').trim();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown;
  }
};

export const createEwbClient = (options: EwbClientOptions) => {
  const base = options.baseUrl.replace(/\/+$/, '');
  /** NIC's texts of its codes, read once from GetErrorList. */
  let texts: Promise<Map<string, string>> | null = null;

  const send = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Envelope> => {
    const response = await options.fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as Envelope;
    } catch {
      throw new Error(`The e-way bill system answered HTTP ${response.status} without JSON.`);
    }
  };

  const sessionHeaders = (s: EwbSession): Record<string, string> => ({
    'client-id': options.clientId,
    'client-secret': options.clientSecret,
    gstin: s.gstin,
    authtoken: s.authToken,
  });

  const textsOf = async (s: EwbSession): Promise<Map<string, string>> => {
    texts ??= send('GET', '/Master/GetErrorList', sessionHeaders(s))
      .then((envelope) => {
        if (String(envelope.status) !== '1') throw new Error('no error list');
        const list = openResponse(Buffer.from(s.sek, 'base64'), envelope as { data: string; rek: string; hmac?: string }) as {
          errorCode: string;
          errorDesc: string;
        }[];
        return new Map(list.map((e) => [String(e.errorCode), e.errorDesc]));
      })
      .catch(() => {
        texts = null;
        return new Map<string, string>();
      });
    return texts;
  };

  const refusal = async (envelope: Envelope, s: EwbSession | null): Promise<EwbError> => {
    const known = s === null ? new Map(Object.entries(AUTH_TEXTS)) : await textsOf(s);
    const problems = codesOf(envelope.error).map((code) => ({
      code,
      field: FIELD_OF_CODE[code] ?? '',
      message: known.get(code) ?? AUTH_TEXTS[code] ?? `E-way bill system error ${code}`,
    }));
    return new EwbError(problems, envelope.info ?? null);
  };

  const act = async <T>(s: EwbSession, action: string, json: unknown): Promise<T> => {
    const sek = Buffer.from(s.sek, 'base64');
    const data = aesEncrypt(sek, Buffer.from(Buffer.from(JSON.stringify(json)).toString('base64')));
    const envelope = await send('POST', '/ewayapi/', sessionHeaders(s), { action, data });
    if (String(envelope.status) !== '1') throw await refusal(envelope, s);
    return jsonOf(aesDecrypt(sek, String(envelope.data))) as T;
  };

  const get = async <T>(s: EwbSession, path: string): Promise<T> => {
    const envelope = await send('GET', path, sessionHeaders(s));
    if (String(envelope.status) !== '1') throw await refusal(envelope, s);
    return openResponse(Buffer.from(s.sek, 'base64'), envelope as { data: string; rek: string; hmac?: string }) as T;
  };

  return {
    /** POST /auth/ (ACCESSTOKEN): the credentials JSON, base64, RSA-encrypted; the SEK decrypted with our app_key. */
    async authenticate(gstin: string, userName: string, password: string): Promise<EwbSession> {
      const appKey = randomBytes(32);
      const credentials = JSON.stringify({ action: 'ACCESSTOKEN', username: userName, password, app_key: appKey.toString('base64') });
      const data = rsaEncrypt(await options.publicKey(), Buffer.from(Buffer.from(credentials).toString('base64')));
      const envelope = await send(
        'POST',
        '/auth/',
        { 'client-id': options.clientId, 'client-secret': options.clientSecret, Gstin: gstin },
        { action: 'ACCESSTOKEN', Data: data },
      );
      if (String(envelope.status) !== '1') throw await refusal(envelope, null);
      return {
        gstin,
        userName,
        authToken: String(envelope.authtoken),
        sek: aesDecrypt(appKey, String(envelope.sek)).toString('base64'),
      };
    },
    generate: (s: EwbSession, request: EwaybillJson) => act<EwbGenerated>(s, 'GENEWAYBILL', request),
    updateVehicle: (s: EwbSession, update: EwbVehicleUpdate) => act<{ vehUpdDate: string; validUpto: string }>(s, 'VEHEWB', update),
    updateTransporter: (s: EwbSession, ewbNo: number, transporterId: string) =>
      act<{ ewayBillNo: number; transporterId: string; transUpdateDate: string }>(s, 'UPDATETRANSPORTER', { ewbNo, transporterId }),
    extendValidity: (s: EwbSession, extension: EwbExtension) =>
      act<{ ewayBillNo: number; updatedDate: string; validUpto: string }>(s, 'EXTENDVALIDITY', extension),
    /** Reasons: 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
    cancel: (s: EwbSession, ewbNo: number, cancelRsnCode: 1 | 2 | 3 | 4, cancelRmrk: string) =>
      act<{ ewayBillNo: number; cancelDate: string }>(s, 'CANEWB', { ewbNo, cancelRsnCode, cancelRmrk }),
    reject: (s: EwbSession, ewbNo: number) => act<{ ewayBillNo: number; ewbRejectedDate: string }>(s, 'REJEWB', { ewbNo }),
    startMultiVehicle: (s: EwbSession, start: EwbMultiVehicleStart) =>
      act<{ ewbNo: number; groupNo: number; createdDate: string }>(s, 'MULTIVEHMOVINT', start),
    addMultiVehicle: (s: EwbSession, add: EwbMultiVehicleAdd) =>
      act<{ ewbNo: number; groupNo: number; vehAddedDate: string }>(s, 'MULTIVEHADD', add),
    changeMultiVehicle: (s: EwbSession, change: EwbMultiVehicleChange) =>
      act<{ ewbNo: number; groupNo: number; vehUpdDate: string }>(s, 'MULTIVEHUPD', change),
    consolidate: (s: EwbSession, consolidation: EwbConsolidation) => act<{ cEwbNo: number; cEWBDate: string }>(s, 'GENCEWB', consolidation),
    regenerateTripSheet: (s: EwbSession, regeneration: EwbTripSheetRegeneration) =>
      act<{ cEwbNo: number; cEwbDate: string }>(s, 'REGENTRIPSHEET', regeneration),
    byNumber: (s: EwbSession, ewbNo: number) => get<EwbDetails>(s, `/ewayapi/GetEwayBill?ewbNo=${ewbNo}`),
    /** date as dd/mm/yyyy: the e-way bills the user generated that day. */
    byDate: (s: EwbSession, date: string) => get<EwbListEntry[]>(s, `/ewayapi/GetEwayBillsByDate?date=${encodeURIComponent(date)}`),
    /** date as dd/mm/yyyy: the e-way bills others generated that day naming the user as the other party. */
    ofOtherParty: (s: EwbSession, date: string) =>
      get<EwbListEntry[]>(s, `/ewayapi/GetEwayBillsofOtherParty?date=${encodeURIComponent(date)}`),
    /** date as dd/mm/yyyy: the e-way bills generated that day that name the user as transporter. */
    forTransporter: (s: EwbSession, date: string) =>
      get<EwbListEntry[]>(s, `/ewayapi/GetEwayBillsForTransporter?date=${encodeURIComponent(date)}`),
    byConsigner: (s: EwbSession, docType: string, docNo: string) =>
      get<EwbDetails>(s, `/ewayapi/GetEwayBillGeneratedByConsigner?${new URLSearchParams({ docType, docNo }).toString()}`),
    tripSheet: (s: EwbSession, tripSheetNo: number) => get<EwbTripSheet>(s, `/ewayapi/GetTripSheet?tripSheetNo=${tripSheetNo}`),
  };
};

export type EwbClient = ReturnType<typeof createEwbClient>;

/** The sandbox's API user of a GSTIN: the sandbox takes the first user name and password a GSTIN authenticates with. */
export const EWB_SANDBOX_USER = { userName: 'opengst_ewb', password: 'Sandbox@123' } as const;

/** The installation's e-way bill system: the client, and whether it is the mounted sandbox. */
export type Ewb = EwbClient & { isSandbox: boolean };

/**
 * The client of this installation's e-way bill system: EWB_URL with the GSP's client id and secret (and the system's
 * public key file), or the sandbox mounted in `app` (its public key fetched from it). Fails fast when a real system is
 * named without its credentials.
 */
export const createConfiguredEwbClient = (ewb: EwbConfig, app: () => FastifyInstance, gate: SandboxGate): Ewb => {
  if (ewb.url && (!ewb.clientId || !ewb.clientSecret))
    throw new Error(
      'Invalid configuration: EWB_URL needs EWB_CLIENT_ID and EWB_CLIENT_SECRET (the GSP credentials at that e-way bill system).',
    );
  const remote = ewb.url?.replace(/\/+$/, '');
  const fetcher: PortalFetch = remote ? (u, init) => fetch(u, init) : sandboxInjectFetch(app, gate);
  // The sandbox publishes its key beside the API's version path (NIC hands its key out through its portal).
  const root = remote ? remote.replace(/\/ewaybillapi\/v1\.03$/, '') : EWB_SANDBOX_PREFIX;
  let key: Promise<string> | null = ewb.publicKeyFile ? Promise.resolve(readFileSync(ewb.publicKeyFile, 'utf8')) : null;
  const client = createEwbClient({
    baseUrl: remote ?? `${EWB_SANDBOX_PREFIX}${EWB_API_PATH}`,
    fetch: fetcher,
    publicKey: () => {
      key ??= fetcher(`${root}/keys/public-key`, { method: 'GET', headers: {} }).then(async (r) => {
        if (!r.ok) {
          key = null;
          throw new Error(`The e-way bill system's public key could not be fetched (HTTP ${r.status}): set EWB_PUBLIC_KEY.`);
        }
        return r.text();
      });
      return key;
    },
    clientId: ewb.clientId ?? 'opengst',
    clientSecret: ewb.clientSecret ?? 'sandbox',
  });
  return { ...client, isSandbox: !remote };
};
