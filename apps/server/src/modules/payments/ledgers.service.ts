// The electronic ledgers (s.49 CGST Act; Rules 85-87: liability register PMT-01, credit ledger PMT-02, cash ledger
// PMT-05) and the credit reversal and re-claimed statement (Rule 37A; Circular 170/02/2022-GST), read live from the
// portal over the GSTIN's session: the portal keeps them and the product copies none, so what is shown is what the
// portal holds now. Without a live session the answer is RET0008, on which the web shows the OTP step.
import type { CashLedger, CreditLedger, CreditReversalStatement, LedgerBalance, LiabilityLedger } from '@opengst/contracts';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { PortalSessionState } from '../../portal';
import { activePortalSession, portalFailure } from '../returns';
import { challanGstinOf } from './challans.service';

const withSession = async <T>(
  ctx: AppContext,
  principal: SessionPrincipal,
  entityId: number,
  read: (session: PortalSessionState) => Promise<T>,
): Promise<T> => {
  const target = await challanGstinOf(ctx.database.db, principal.subscriberId, entityId);
  const session = await activePortalSession(ctx, target.entityId, target.gstin);
  try {
    return await read(session);
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

const assertOrder = (from: string, to: string, field: string) => {
  const key = (v: string) => (v.length === 6 ? `${v.slice(2)}${v.slice(0, 2)}` : v);
  if (key(from) > key(to)) throw new AppError('GEN0009', { propertyName: field, message: 'The start of the range is after its end.' });
};

export const readCashLedger = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  q: { entityId: number; fromDate: string; toDate: string },
): Promise<CashLedger> => {
  assertOrder(q.fromDate, q.toDate, 'fromDate');
  const { from, to, ...ledger } = await withSession(ctx, principal, q.entityId, (s) => ctx.gstPortal.cashLedger(s, q.fromDate, q.toDate));
  return { ...ledger, fromDate: from, toDate: to };
};

export const readCreditLedger = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  q: { entityId: number; fromDate: string; toDate: string },
): Promise<CreditLedger> => {
  assertOrder(q.fromDate, q.toDate, 'fromDate');
  const { from, to, ...ledger } = await withSession(ctx, principal, q.entityId, (s) => ctx.gstPortal.creditLedger(s, q.fromDate, q.toDate));
  return { ...ledger, fromDate: from, toDate: to };
};

export const readLiabilityLedger = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  q: { entityId: number; fromPeriod: string; toPeriod: string },
): Promise<LiabilityLedger> => {
  assertOrder(q.fromPeriod, q.toPeriod, 'fromPeriod');
  return withSession(ctx, principal, q.entityId, (s) => ctx.gstPortal.liabilityLedger(s, q.fromPeriod, q.toPeriod));
};

export const readLedgerBalance = (
  ctx: AppContext,
  principal: SessionPrincipal,
  q: { entityId: number; period: string },
): Promise<LedgerBalance> => withSession(ctx, principal, q.entityId, (s) => ctx.gstPortal.ledgerBalance(s, q.period));

export const readCreditReversal = (
  ctx: AppContext,
  principal: SessionPrincipal,
  q: { entityId: number; period: string },
): Promise<CreditReversalStatement> => withSession(ctx, principal, q.entityId, (s) => ctx.gstPortal.creditReversalStatement(s, q.period));
