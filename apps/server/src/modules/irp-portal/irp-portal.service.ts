// The e-invoicing portal (IRP mode, README.md "IRP mode"): its login metadata and load settings, its own sign-in (the
// IRP variant of the encryptor, a GSTIN's e-invoice user, the irp-auth-token session), the product's switch to it
// (/portal-redirect: a one-time request token swapped for a portal session of a GSTIN the product user reaches), and
// the data of its screens: the GSTIN's IRNs with cancel, and its client systems (API registration). The data and the
// rules are the IRP implementation's (apps/portal-sandbox/src/irp): this module is their face in the product's API.
import {
  IRP_CANCEL_REASON_TEXT,
  IRP_PORTAL_TEXT,
  type IrpCancelReason,
  type IrpLoadSettings,
  type IrpLoginMetadata,
  type IrpSession,
} from '@opengst/contracts';
import {
  cancelPortalInvoice,
  endPortalSession,
  IrpClientNameError,
  IrpFault,
  IrpPortalRefusal,
  issuePortalLoginKey,
  listIrpClients,
  listPortalInvoices,
  openPortalSessionForGstin,
  PORTAL_CANCEL_HOURS,
  portalSessionOf,
  registerIrpClient,
  revokeIrpClient,
  signInPortal,
  useRequestOnce,
} from '@opengst/portal-sandbox';
import { and, eq } from 'drizzle-orm';
import { entities } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { issueRequestToken, verifyRequestToken } from '../../platform/auth/request-tokens';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { writeAudit } from '../../platform/audit';
import { irpStoreOf } from '../../portal/irp/irp-store';
import { IRP_API_PREFIX } from '../../portal/irp/mount';

/** The portal runs where the IRP implementation does: in IRP mode, or with the IRP sandbox mounted (no IRP_URL). */
const assertServed = (ctx: AppContext): void => {
  if (!ctx.config.irp.mode && ctx.config.irp.url) throw new AppError('GEN0003');
};

const store = async (ctx: AppContext) => {
  assertServed(ctx);
  return irpStoreOf(ctx);
};

export const irpLoginMetadata = async (ctx: AppContext): Promise<IrpLoginMetadata> => {
  assertServed(ctx);
  const s = await loadInstallationSettings(ctx.database.db);
  return {
    applicationTitle: IRP_PORTAL_TEXT['irpPortal.title'],
    applicationSubTitle: s.applicationTitle,
    environment: ctx.config.environment,
    // No captcha on the portal's login: it is bounded by the sign-in rate limit per address (irp-portal.routes.ts).
    isCaptchaEnabled: false,
    loginFields: [
      { name: 'gstin', label: IRP_PORTAL_TEXT['irpPortal.login.gstin'], type: 'text', maxLength: 15 },
      { name: 'userName', label: IRP_PORTAL_TEXT['irpPortal.login.userName'], type: 'text', maxLength: 100 },
      { name: 'password', label: IRP_PORTAL_TEXT['irpPortal.login.password'], type: 'password', maxLength: 100 },
    ],
  };
};

export const irpEncryptor = async (ctx: AppContext) => issuePortalLoginKey(await store(ctx), ctx.now());

export const irpLogin = async (
  ctx: AppContext,
  body: { gstin: string; userName: string; password: string },
  encId: string | undefined,
): Promise<IrpSession> => {
  const sql = await store(ctx);
  if (!encId) throw new AppError('AUTH0004');
  try {
    return await signInPortal(sql, {
      gstin: body.gstin,
      userName: body.userName,
      encryptedPassword: body.password,
      identifier: encId,
      now: ctx.now(),
    });
  } catch (error) {
    if (!(error instanceof IrpPortalRefusal)) throw error;
    if (error.reason === 'key') throw new AppError('AUTH0004');
    if (error.reason === 'decrypt') throw new AppError('AUTH0017');
    throw new AppError('IRP0001');
  }
};

/** The signed-in portal user of a request's irp-auth-token, or 401 IRP0002. */
export const irpPrincipalOf = async (ctx: AppContext, token: string | undefined) => {
  const sql = await store(ctx);
  const session = token ? await portalSessionOf(sql, token, ctx.now()) : undefined;
  if (!session) throw new AppError('IRP0002');
  return { ...session, sql };
};

export const irpLogout = async (ctx: AppContext, token: string | undefined): Promise<void> => {
  if (token) await endPortalSession(await store(ctx), token, ctx.now());
};

/** Where the portal's screens are: IRP_PORTAL_API_URL, or this installation (empty). */
const portalUrlOf = (ctx: AppContext): string => ctx.config.irp.portalApiUrl?.replace(/\/+$/, '') ?? '';

export const irpLoadSettings = async (ctx: AppContext, token: string | undefined): Promise<IrpLoadSettings> => {
  const principal = await irpPrincipalOf(ctx, token);
  const s = await loadInstallationSettings(ctx.database.db);
  return {
    applicationTitle: IRP_PORTAL_TEXT['irpPortal.title'],
    environment: ctx.config.environment,
    irpPortalApiUrl: portalUrlOf(ctx),
    irpApiBaseUrl: ctx.config.irp.mode ? IRP_API_PREFIX : '',
    gstin: principal.gstin,
    userName: principal.userName,
    sessionExpiresAt: principal.expiresAt,
    pageSize: s.pageSize,
    cancelHours: PORTAL_CANCEL_HOURS,
    cancelReasons: (Object.keys(IRP_CANCEL_REASON_TEXT) as IrpCancelReason[]).map((code) => ({ code, text: IRP_CANCEL_REASON_TEXT[code] })),
  };
};

/**
 * The product's switch (POST einvoice/irpSwitch): a request token for the GSTIN of a location the user reaches (the
 * access plugin has checked the entity), and the portal's URL carrying it. Audited: it opens a session elsewhere.
 */
export const irpSwitch = async (ctx: AppContext, principal: SessionPrincipal, entityId: number): Promise<{ url: string }> => {
  assertServed(ctx);
  const [entity] = await ctx.database.db
    .select({ gstin: entities.gstin })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, principal.subscriberId)));
  if (!entity) throw new AppError('GEN0003');
  if (!entity.gstin) throw new AppError('IRP0006');
  const now = ctx.now();
  const { token, claims } = issueRequestToken(
    ctx.secretKey,
    { aud: 'irp-switch', sub: String(principal.userId), sid: principal.subscriberId, gstin: entity.gstin },
    now,
  );
  await writeAudit(ctx.database.db, principal, {
    entityType: 'IrpSwitch',
    entityKey: entityId,
    entityName: entity.gstin,
    action: 'Create',
    after: { gstin: entity.gstin, jti: claims.jti },
  });
  return { url: `${portalUrlOf(ctx)}/portal-redirect?request=${encodeURIComponent(token)}` };
};

/** /portal-redirect: the request token, once, within its 2 minutes, for a portal session of its GSTIN; 401 IRP0003 otherwise. */
export const irpSwapRequest = async (ctx: AppContext, request: string): Promise<IrpSession> => {
  const sql = await store(ctx);
  const now = ctx.now();
  const claims = verifyRequestToken(ctx.secretKey, 'irp-switch', request, now);
  if (!claims?.gstin) throw new AppError('IRP0003');
  if (!(await useRequestOnce(sql, claims.jti, new Date(claims.exp * 1000), now))) throw new AppError('IRP0003');
  return openPortalSessionForGstin(sql, claims.gstin, now);
};

export const irpInvoices = async (
  ctx: AppContext,
  token: string | undefined,
  query: { start: number; size: number; filters?: { search?: string | undefined; status?: 'ACT' | 'CNL' | undefined } | undefined },
) => {
  const principal = await irpPrincipalOf(ctx, token);
  return listPortalInvoices(principal.sql, principal.gstin, {
    search: query.filters?.search,
    status: query.filters?.status,
    start: query.start,
    size: query.size,
  });
};

export const irpCancel = async (
  ctx: AppContext,
  token: string | undefined,
  body: { irn: string; reason: IrpCancelReason; remarks: string },
) => {
  const principal = await irpPrincipalOf(ctx, token);
  try {
    return await cancelPortalInvoice({ sql: principal.sql, now: ctx.now }, principal.gstin, body);
  } catch (error) {
    if (!(error instanceof IrpFault)) throw error;
    // The IRP's own code and words (2270 after 24 hours, 2230 with a live e-way bill, 9999 already cancelled, ...).
    throw new AppError('IRP0004', { message: error.errors.map((e) => `${e.ErrorCode}: ${e.ErrorMessage}`).join('; ') });
  }
};

export const irpClients = async (ctx: AppContext, token: string | undefined) => {
  const principal = await irpPrincipalOf(ctx, token);
  return (await listIrpClients(principal.sql, principal.gstin)).map(({ clientId, name, createdAt, revokedAt }) => ({
    clientId,
    name,
    createdAt,
    revokedAt,
  }));
};

export const irpRegisterClient = async (ctx: AppContext, token: string | undefined, name: string) => {
  const principal = await irpPrincipalOf(ctx, token);
  try {
    const { clientId, createdAt, revokedAt, clientSecret } = await registerIrpClient(principal.sql, {
      gstin: principal.gstin,
      name,
      now: ctx.now(),
    });
    return { clientId, name: name.trim(), createdAt, revokedAt, clientSecret };
  } catch (error) {
    if (error instanceof IrpClientNameError) throw new AppError('GEN0009', { propertyName: 'name', message: error.message });
    throw error;
  }
};

export const irpRevokeClient = async (ctx: AppContext, token: string | undefined, clientId: string) => {
  const principal = await irpPrincipalOf(ctx, token);
  const revoked = await revokeIrpClient(principal.sql, { gstin: principal.gstin, clientId, now: ctx.now() });
  if (!revoked) throw new AppError('IRP0005');
  return { clientId: revoked.clientId, name: revoked.name, createdAt: revoked.createdAt, revokedAt: revoked.revokedAt };
};
