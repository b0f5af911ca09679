// GST challans (Form GST PMT-06, Rule 87 of the CGST Rules): checked by the domain (whole rupees, s.170; the OTC
// limit, Rule 87(3)(iv); the mode's date), generated at the portal over the GSTIN's session (its CPIN, valid 15 days,
// Rule 87(2)), and kept in the product with an audit row. Paying is the bank's act (Rule 87(6)); only the project's
// portal sandbox takes a payment from here, through its simulated bank.
import type { Challan, ChallanCreateRequest, ChallanFilters, ChallanListResponse } from '@opengst/contracts';
import { challanOf, PAYMENT_MODES, type PaymentMode } from '@opengst/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import type { ChallanCells } from '../../db/schema';
import { entities } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError, validationError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import type { Challan as PortalChallan, PaymentMode as PortalMode } from '../../portal';
import { activePortalSession, portalFailure } from '../returns';
import { findChallan, insertChallan, searchChallanRows, updateChallanFromPortal, type ChallanRow } from './challans.repo';

const DEFAULT_PAGE = 100;

/** The portal's three ways (GENERATE's pymnt_mode): e-payment, a mandate form for NEFT/RTGS or IMPS (Rule 87(5)), over the counter. */
const PORTAL_MODE: Readonly<Record<(typeof PAYMENT_MODES)[PaymentMode]['channel'], PortalMode>> = {
  ePayment: 'EPY',
  mandate: 'NEFT',
  overTheCounter: 'OTC',
};
const STATUS = { GENERATED: 'Generated', PAID: 'Paid', EXPIRED: 'Expired' } as const;

export type ChallanGstin = {
  entityId: number;
  gstin: string;
  entityName: string;
  legalName: string | null;
  tradeName: string | null;
  address: string | null;
  pincode: string | null;
};

/** The location a challan is for: the caller's subscriber's, not deleted, with a GSTIN (RET0001 otherwise). */
export const challanGstinOf = async (db: DbOrTx, subscriberId: number, entityId: number): Promise<ChallanGstin> => {
  const [row] = await db
    .select({
      entityId: entities.id,
      gstin: entities.gstin,
      entityType: entities.entityType,
      entityName: entities.entityName,
      legalName: entities.legalName,
      tradeName: entities.tradeName,
      address: entities.address,
      pincode: entities.pincode,
    })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, subscriberId), ne(entities.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  if (!row.gstin || row.entityType === 'Business') throw new AppError('RET0001');
  const { entityType: _type, gstin, ...rest } = row;
  return { ...rest, gstin };
};

export const challanOfRow = (row: ChallanRow, sandbox: boolean): Challan => ({
  id: row.id,
  entityId: row.entityId,
  entityName: row.entityName,
  gstin: row.gstin,
  cpin: row.cpin,
  mode: row.mode as PaymentMode,
  bankCode: row.bankCode,
  amounts: row.amounts,
  total: row.total,
  createdOn: row.createdOn,
  validUntil: row.validUntil,
  status: row.status,
  cin: row.cin,
  brn: row.brn,
  paidOn: row.paidOn,
  createdBy: row.createdByName,
  sandbox,
});

/** One challan of the caller's subscriber in a location the user may see: 404 another subscriber's, 403 another location. */
export const loadChallan = async (db: DbOrTx, principal: SessionPrincipal, id: number, today: string): Promise<ChallanRow> => {
  const row = await findChallan(db, principal.subscriberId, id, today);
  if (!row) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, [row.entityId]);
  return row;
};

export const searchChallans = async (
  db: DbOrTx,
  sandbox: boolean,
  principal: SessionPrincipal,
  request: {
    start: number;
    size?: number | null | undefined;
    sortExpression?: string | null | undefined;
    filters?: ChallanFilters | undefined;
  },
  today: string,
): Promise<ChallanListResponse> => {
  const filters = request.filters ?? {};
  const scope = await locationScope(db, principal, filters.entityIds);
  const { rows, total } = await searchChallanRows(
    db,
    principal.subscriberId,
    scope,
    filters,
    { start: request.start, size: request.size ?? DEFAULT_PAGE, sortExpression: request.sortExpression },
    today,
  );
  return { items: rows.map((row) => challanOfRow(row, sandbox)), totalRecords: total };
};

/** The portal's answer in the product's columns. */
const portalState = (answer: PortalChallan) => ({
  status: STATUS[answer.status],
  cin: answer.cin,
  brn: answer.brn,
  paidOn: answer.paidOn,
  validUntil: answer.expiresOn,
});

const callPortal = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

export const createChallan = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: ChallanCreateRequest,
  today: string,
  ip: string,
): Promise<Challan> => {
  const { db } = ctx.database;
  const target = await challanGstinOf(db, principal.subscriberId, request.entityId);
  const checked = challanOf({
    gstin: target.gstin,
    generatedOn: today,
    mode: request.mode,
    amounts: request.amounts,
    sandbox: ctx.gstPortal.sandbox,
  });
  if (!checked.ok)
    throw validationError(
      checked.problems.map((p) => ({
        code: 'GEN0009',
        message: p.message,
        type: 'Error',
        ...(p.propertyName ? { propertyName: p.propertyName } : {}),
      })),
    );
  const channel = PAYMENT_MODES[request.mode].channel;
  // The e-payment gateway and the counter are a named bank's (Rule 87(3)(i), (ii), (iv)); a mandate goes to any bank.
  if (channel !== 'mandate' && !request.bankCode)
    throw new AppError('GEN0009', {
      propertyName: 'bankCode',
      message: `Pick the bank to pay through by ${PAYMENT_MODES[request.mode].label}.`,
    });
  const session = await activePortalSession(ctx, target.entityId, target.gstin);
  const answer = await callPortal(() =>
    ctx.gstPortal.createChallan(session, {
      mode: PORTAL_MODE[channel],
      bankCode: channel === 'mandate' ? undefined : request.bankCode,
      amounts: checked.challan.amounts,
    }),
  );
  const id = await db.transaction(async (tx) => {
    const stored = await insertChallan(tx, {
      subscriberId: principal.subscriberId,
      entityId: target.entityId,
      gstin: target.gstin,
      cpin: answer.cpin,
      mode: request.mode,
      bankCode: answer.bankCode,
      amounts: answer.amounts as ChallanCells,
      total: answer.total,
      createdOn: answer.createdOn,
      createdBy: principal.userId,
      ...portalState(answer),
    });
    await writeAudit(tx, principal, {
      entityType: 'GstChallan',
      entityKey: stored,
      entityName: `${target.gstin} CPIN ${answer.cpin}`,
      action: 'Create',
      after: {
        cpin: answer.cpin,
        gstin: target.gstin,
        mode: request.mode,
        bankCode: answer.bankCode,
        amounts: answer.amounts,
        total: answer.total,
      },
      ip,
    });
    return stored;
  });
  return challanOfRow(await loadChallan(db, principal, id, today), ctx.gstPortal.sandbox);
};

/** Reads the challan back from the portal and keeps its answer (a payment made at the bank, an expiry). */
export const refreshChallan = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  id: number,
  today: string,
  ip: string,
): Promise<Challan> => {
  const { db } = ctx.database;
  const row = await loadChallan(db, principal, id, today);
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const answer = await callPortal(() => ctx.gstPortal.challan(session, row.cpin));
  const state = portalState(answer);
  if (state.status !== row.status || state.cin !== row.cin) {
    await db.transaction(async (tx) => {
      await updateChallanFromPortal(tx, principal.subscriberId, id, state, ctx.now());
      await writeAudit(tx, principal, {
        entityType: 'GstChallan',
        entityKey: id,
        entityName: `${row.gstin} CPIN ${row.cpin}`,
        action: 'Update',
        before: { status: row.status, cin: row.cin },
        after: { status: state.status, cin: state.cin, paidOn: state.paidOn },
        ip,
      });
    });
  }
  return challanOfRow(await loadChallan(db, principal, id, today), ctx.gstPortal.sandbox);
};

/**
 * Pays the challan at the sandbox's simulated bank: it gives the CIN and credits the GSTIN's cash ledger. A challan
 * paid or past its 15 days (Rule 87(2)) is refused before the portal is asked.
 */
export const payChallanInSandbox = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  id: number,
  today: string,
  ip: string,
): Promise<Challan> => {
  const { db } = ctx.database;
  const row = await loadChallan(db, principal, id, today);
  if (row.status === 'Paid')
    throw new AppError('GEN0009', { propertyName: 'id', message: `CPIN ${row.cpin} is already paid (CIN ${row.cin}).` });
  if (row.status === 'Expired')
    throw new AppError('GEN0009', {
      propertyName: 'id',
      message: `CPIN ${row.cpin} was valid until ${row.validUntil.split('-').reverse().join('-')} (15 days, Rule 87(2)): create a new challan.`,
    });
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const answer = await callPortal(() => ctx.gstPortal.payChallanInSandbox(session, row.cpin));
  const state = portalState(answer);
  await db.transaction(async (tx) => {
    await updateChallanFromPortal(tx, principal.subscriberId, id, state, ctx.now());
    await writeAudit(tx, principal, {
      entityType: 'GstChallan',
      entityKey: id,
      entityName: `${row.gstin} CPIN ${row.cpin}`,
      action: 'Update',
      before: { status: row.status },
      after: { status: state.status, cin: state.cin, brn: state.brn, paidOn: state.paidOn, bank: 'portal sandbox' },
      ip,
    });
  });
  return challanOfRow(await loadChallan(db, principal, id, today), ctx.gstPortal.sandbox);
};
