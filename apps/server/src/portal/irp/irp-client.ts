// The server's client of the NIC e-invoice API (README.md of apps/portal-sandbox, "IRP sandbox"): authentication with
// the IRP's encryption, then generate, get (by IRN, by document details) and cancel IRN. The same protocol answers
// from a GSP's IRP and from the project's IRP sandbox (mounted under /irp-sandbox, reached through app.inject with the
// sandbox gate's secret, or standalone over HTTP). Keys and tokens stay in the IrpSession the caller keeps.
import type { FastifyInstance } from 'fastify';
import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IrpConfig } from '../../config';
import type { PortalFetch } from '../http-gst-portal';
import { sandboxInjectFetch, type SandboxGate } from '../sandbox-mount';
import { IRP_SANDBOX_PREFIX } from './mount';

export type IrpSession = { gstin: string; userName: string; authToken: string; sek: string; tokenExpiry: string };
export type IrpErrorDetail = { ErrorCode: string; ErrorMessage: string };
export type IrpInfo = { InfCd: string; Desc: unknown };

/** The IRP's refusal: its error codes and messages, and its InfoDtls (DUPIRN with the first registration on 2150). */
export class IrpError extends Error {
  constructor(
    readonly errors: readonly IrpErrorDetail[],
    readonly info: readonly IrpInfo[] | null,
  ) {
    super(errors.map((e) => `${e.ErrorCode}: ${e.ErrorMessage}`).join('; ') || 'The IRP refused the request');
    this.name = 'IrpError';
  }

  get codes(): string[] {
    return this.errors.map((e) => e.ErrorCode);
  }
}

/** An IRN as the IRP answers generate and the gets. */
export type IrpInvoice = {
  AckNo: number;
  AckDt: string;
  Irn: string;
  SignedInvoice: string;
  SignedQRCode: string;
  Status: 'ACT' | 'CNL';
  EwbNo: number | null;
  EwbDt: string | null;
  EwbValidTill: string | null;
};

export type IrpCancelReason = '1' | '2' | '3' | '4';

export type IrpClientOptions = {
  /** Base URL of the e-invoice API host; the calls append /eivital/... and /eicore/... */
  baseUrl: string;
  fetch: PortalFetch;
  /** PEM of the IRP's public key (the authentication's encryption). */
  publicKey: () => Promise<string>;
  clientId: string;
  clientSecret: string;
};

const aesEncrypt = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};
const aesDecrypt = (key: Buffer, base64: string): Buffer => {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(Buffer.from(base64, 'base64')), d.final()]);
};

type Envelope = { Status?: number | string; Data?: unknown; ErrorDetails?: IrpErrorDetail[] | null; InfoDtls?: IrpInfo[] | null };

export const createIrpClient = (options: IrpClientOptions) => {
  const base = options.baseUrl.replace(/\/+$/, '');

  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Envelope> => {
    const response = await options.fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as Envelope;
    if (String(envelope.Status) !== '1') throw new IrpError(envelope.ErrorDetails ?? [], envelope.InfoDtls ?? null);
    return envelope;
  };

  const sessionHeaders = (s: IrpSession): Record<string, string> => ({
    client_id: options.clientId,
    client_secret: options.clientSecret,
    Gstin: s.gstin,
    user_name: s.userName,
    AuthToken: s.authToken,
  });
  const open = <T>(s: IrpSession, envelope: Envelope): T =>
    JSON.parse(aesDecrypt(Buffer.from(s.sek, 'base64'), String(envelope.Data)).toString('utf8')) as T;
  const seal = (s: IrpSession, json: unknown) => ({ Data: aesEncrypt(Buffer.from(s.sek, 'base64'), Buffer.from(JSON.stringify(json))) });

  return {
    /** POST /eivital/v1.04/auth: the credentials JSON, base64, RSA-encrypted; the SEK decrypted with our AppKey. */
    async authenticate(gstin: string, userName: string, password: string, forceRefresh = false): Promise<IrpSession> {
      const appKey = randomBytes(32);
      const credentials = Buffer.from(
        JSON.stringify({
          UserName: userName,
          Password: password,
          AppKey: appKey.toString('base64'),
          ForceRefreshAccessToken: forceRefresh,
        }),
      ).toString('base64');
      const data = publicEncrypt({ key: await options.publicKey(), padding: constants.RSA_PKCS1_PADDING }, Buffer.from(credentials));
      const envelope = await call(
        'POST',
        '/eivital/v1.04/auth',
        { client_id: options.clientId, client_secret: options.clientSecret, Gstin: gstin },
        { Data: data.toString('base64') },
      );
      const d = envelope.Data as { AuthToken: string; Sek: string; TokenExpiry: string };
      return { gstin, userName, authToken: d.AuthToken, sek: aesDecrypt(appKey, d.Sek).toString('base64'), tokenExpiry: d.TokenExpiry };
    },
    async generate(session: IrpSession, invoice: unknown): Promise<IrpInvoice> {
      return open<IrpInvoice>(session, await call('POST', '/eicore/v1.03/Invoice', sessionHeaders(session), seal(session, invoice)));
    },
    async byIrn(session: IrpSession, irn: string): Promise<IrpInvoice> {
      return open<IrpInvoice>(session, await call('GET', `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`, sessionHeaders(session)));
    },
    /** docDate as dd/mm/yyyy, the IRP's form. */
    async byDocument(session: IrpSession, docType: 'INV' | 'CRN' | 'DBN', docNum: string, docDate: string): Promise<IrpInvoice> {
      const query = new URLSearchParams({ doctype: docType, docnum: docNum, docdate: docDate });
      return open<IrpInvoice>(
        session,
        await call('GET', `/eicore/v1.03/Invoice/irnbydocdetails?${query.toString()}`, sessionHeaders(session)),
      );
    },
    async cancel(session: IrpSession, irn: string, reason: IrpCancelReason, remarks: string): Promise<{ Irn: string; CancelDate: string }> {
      const body = seal(session, { Irn: irn, CnlRsn: reason, CnlRem: remarks });
      return open(session, await call('POST', '/eicore/v1.03/Invoice/Cancel', sessionHeaders(session), body));
    },
  };
};

export type IrpClient = ReturnType<typeof createIrpClient>;

/**
 * The client of this installation's IRP: IRP_URL with the given key, or the IRP sandbox mounted in `app` (its public key
 * fetched from it). Client credentials: the GSP's for a real IRP; any value for the sandbox.
 */
export const createIrpClientOf = (
  url: string | undefined,
  app: () => FastifyInstance,
  gate: SandboxGate,
  credentials: { clientId: string; clientSecret: string; publicKeyPem?: string },
): IrpClient => {
  const remote = url?.replace(/\/+$/, '');
  const fetcher: PortalFetch = remote ? (u, init) => fetch(u, init) : sandboxInjectFetch(app, gate);
  const baseUrl = remote ?? IRP_SANDBOX_PREFIX;
  let key: Promise<string> | null = credentials.publicKeyPem ? Promise.resolve(credentials.publicKeyPem) : null;
  return createIrpClient({
    baseUrl,
    fetch: fetcher,
    publicKey: () => {
      key ??= fetcher(`${baseUrl}/keys/public-key`, { method: 'GET', headers: {} }).then(async (r) => {
        if (!r.ok) {
          key = null;
          throw new Error(`The IRP's public key could not be fetched (HTTP ${r.status}).`);
        }
        return r.text();
      });
      return key;
    },
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
  });
};

/** The sandbox's API user of a GSTIN: the IRP sandbox takes the first user name and password a GSTIN authenticates with. */
export const IRP_SANDBOX_USER = { userName: 'opengst_api', password: 'Sandbox@123' } as const;

/** The installation's IRP: the client, the certificate its signed answers verify against, and whether it is the sandbox. */
export type Irp = IrpClient & {
  /** PEM of the IRP's signing certificate (SignedInvoice and SignedQRCode are RS256 JWS). */
  signingCertificate: () => Promise<string>;
  /** No IRP_URL: the IRP sandbox mounted in this server answers, not NIC. */
  isSandbox: boolean;
};

/**
 * The installation's IRP client from its configuration: IRP_URL with the GSP's client id and secret (and the IRP's
 * public key and signing certificate files), or the mounted sandbox. Fails fast when a real IRP is named without its
 * credentials.
 */
export const createConfiguredIrpClient = (irp: IrpConfig, app: () => FastifyInstance, gate: SandboxGate): Irp => {
  if (irp.url && (!irp.clientId || !irp.clientSecret))
    throw new Error('Invalid configuration: IRP_URL needs IRP_CLIENT_ID and IRP_CLIENT_SECRET (the GSP credentials at that IRP).');
  const client = createIrpClientOf(irp.url, app, gate, {
    clientId: irp.clientId ?? 'opengst',
    clientSecret: irp.clientSecret ?? 'sandbox',
    ...(irp.publicKeyFile ? { publicKeyPem: readFileSync(irp.publicKeyFile, 'utf8') } : {}),
  });
  const remote = irp.url?.replace(/\/+$/, '');
  const fetcher: PortalFetch = remote ? (u, init) => fetch(u, init) : sandboxInjectFetch(app, gate);
  const fixed = irp.signingCertificateFile ? readFileSync(irp.signingCertificateFile, 'utf8') : null;
  let certificate: Promise<string> | null = fixed ? Promise.resolve(fixed) : null;
  return {
    ...client,
    isSandbox: !remote,
    // The sandbox publishes its certificate; NIC's is configured (IRP_SIGNING_CERTIFICATE).
    signingCertificate: () => {
      certificate ??= fetcher(`${remote ?? IRP_SANDBOX_PREFIX}/keys/signing-certificate`, { method: 'GET', headers: {} }).then(
        async (r) => {
          if (!r.ok) {
            certificate = null;
            throw new Error(`The IRP's signing certificate could not be fetched (HTTP ${r.status}): set IRP_SIGNING_CERTIFICATE.`);
          }
          return r.text();
        },
      );
      return certificate;
    },
  };
};
