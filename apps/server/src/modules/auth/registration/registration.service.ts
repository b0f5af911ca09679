import { SecuritySettingsSchema, type RegisterGstinOrPan } from '@opengst/contracts';
import { validateGstin, validatePan } from '@opengst/domain';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { entities, registrations, userEntities, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { generatePassword, provisionSubscriber } from '../../../seed/provision';
import { hashToken, newOtp, newToken, sameDigest } from '../../../platform/auth/tokens';
import { preparePasswordLink, sendPasswordLink, WELCOME_LINK_MINUTES } from '../../organization';

const MINUTE = 60_000;
/** No subscriber exists yet, so the OTP rules are the default security settings. */
const OTP = SecuritySettingsSchema.parse({});
/** A registration must be completed within an hour of being started. */
const REGISTRATION_LIFETIME_MS = 60 * MINUTE;

type Identity = { kind: 'GSTIN' | 'PAN'; gstinOrPan: string; pan: string; stateCode: string | null };
type Details = Omit<RegisterGstinOrPan, 'gstinOrPan'> & Identity;

const otpDigest = (tokenHash: string, otp: string): string => hashToken(`${tokenHash}:${otp}`);

const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
};

/** The format (domain rules) and that no subscriber has registered this GSTIN, or a business with this PAN, before. */
export const checkGstinOrPan = async (db: DbOrTx, value: string): Promise<Identity> => {
  let identity: Identity;
  if (value.length === 15) {
    const gstin = validateGstin(value);
    if (!gstin.ok) throw new AppError('GEN0009', { propertyName: 'GstinOrPan', message: gstin.message });
    if (!validatePan(gstin.pan).ok)
      throw new AppError('GEN0009', {
        propertyName: 'GstinOrPan',
        message: 'Register a GSTIN issued against a PAN (a regular taxpayer), or the PAN itself.',
      });
    identity = { kind: 'GSTIN', gstinOrPan: gstin.gstin, pan: gstin.pan, stateCode: gstin.stateCode };
  } else {
    const pan = validatePan(value);
    if (!pan.ok)
      throw new AppError('GEN0009', {
        propertyName: 'GstinOrPan',
        message: `Enter a 15-character GSTIN or a 10-character PAN. ${pan.message}`,
      });
    identity = { kind: 'PAN', gstinOrPan: pan.pan, pan: pan.pan, stateCode: null };
  }
  const taken = await db
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(
        sql`${entities.status} <> 'Delete'`,
        or(eq(entities.gstin, identity.gstinOrPan), and(eq(entities.entityType, 'Business'), eq(entities.pan, identity.pan))),
      ),
    )
    .limit(1);
  if (taken.length > 0) throw new AppError('ADM0009', { propertyName: 'GstinOrPan' });
  return identity;
};

const assertUserNameFree = async (db: DbOrTx, userName: string): Promise<void> => {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  if (taken.length > 0) throw new AppError('ADM0001', { propertyName: 'UserName' });
};

/**
 * Registration mails go to an address anyone may type, so (issue 16) they carry no text of the requester's (the
 * organisation name stays out: only the GSTIN or PAN, whose format is checked) and one address gets at most
 * MAILS_PER_ADDRESS_PER_DAY of them, counted in the database (shared by every server process).
 */
const MAILS_PER_ADDRESS_PER_DAY = 5;
const DAY_MS = 24 * 60 * MINUTE;

const assertMailAllowance = async (db: DbOrTx, email: string, now: Date): Promise<void> => {
  const [sent] = await db
    .select({ mails: sql<number>`coalesce(sum(1 + ${OTP.otpMaxResends} - ${registrations.resendsLeft}), 0)`.mapWith(Number) })
    .from(registrations)
    .where(
      and(sql`lower(${registrations.details}->>'email') = lower(${email})`, gt(registrations.createdAt, new Date(now.getTime() - DAY_MS))),
    );
  if ((sent?.mails ?? 0) >= MAILS_PER_ADDRESS_PER_DAY)
    throw new AppError('GEN0004', {
      propertyName: 'Email',
      message: `This address has received ${MAILS_PER_ADDRESS_PER_DAY} registration mails today, the most it gets in a day. Try again tomorrow, or use another address.`,
    });
};

const sendOtp = (ctx: AppContext, details: Details, otp: string) =>
  ctx.mailer.send({
    to: details.email,
    subject: 'OpenGST: your one-time password to register',
    carriesSecret: true,
    text: `Your one-time password (OTP) to register ${details.kind} ${details.gstinOrPan} on OpenGST is ${otp}.\nIt is valid for ${OTP.otpValidityMinutes} minutes. Never share it with anyone.\nIf you did not ask for it, ignore this mail: nothing is registered without this code.`,
  });

/** POST registration/registerGstinOrPan: keeps the request and mails a 6-digit OTP to the e-mail given. */
export const startRegistration = async (ctx: AppContext, input: RegisterGstinOrPan) => {
  const { db } = ctx.database;
  const now = ctx.now();
  const identity = await checkGstinOrPan(db, input.gstinOrPan);
  await assertUserNameFree(db, input.userName);
  await assertMailAllowance(db, input.email, now);
  const token = newToken();
  const tokenHash = hashToken(token);
  const otp = newOtp();
  const details: Details = { ...input, ...identity };
  await db.insert(registrations).values({
    tokenHash,
    gstinOrPan: identity.gstinOrPan,
    details,
    otpHash: otpDigest(tokenHash, otp),
    attemptsLeft: OTP.otpMaxAttempts,
    resendsLeft: OTP.otpMaxResends,
    otpExpiresAt: new Date(now.getTime() + OTP.otpValidityMinutes * MINUTE),
    expiresAt: new Date(now.getTime() + REGISTRATION_LIFETIME_MS),
    createdAt: now,
  });
  await sendOtp(ctx, details, otp);
  return { token, sentTo: maskEmail(input.email), attemptsLeft: OTP.otpMaxAttempts, resendsLeft: OTP.otpMaxResends };
};

const findRegistration = async (db: DbOrTx, token: string, now: Date) => {
  const row = (
    await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.tokenHash, hashToken(token)), isNull(registrations.completedAt)))
  )[0];
  if (!row || row.expiresAt <= now) throw new AppError('AUTH0016');
  return row;
};

/** GET registration/regenerateOtp: a new OTP (attempts restored) while resends last. */
export const resendRegistrationOtp = async (ctx: AppContext, token: string) => {
  const { db } = ctx.database;
  const now = ctx.now();
  const row = await findRegistration(db, token, now);
  if (row.resendsLeft <= 0) throw new AppError('AUTH0008');
  await assertMailAllowance(db, (row.details as Details).email, now);
  const otp = newOtp();
  const updated = await db
    .update(registrations)
    .set({
      otpHash: otpDigest(row.tokenHash, otp),
      attemptsLeft: OTP.otpMaxAttempts,
      resendsLeft: row.resendsLeft - 1,
      otpExpiresAt: new Date(now.getTime() + OTP.otpValidityMinutes * MINUTE),
    })
    .where(and(eq(registrations.id, row.id), eq(registrations.resendsLeft, row.resendsLeft)))
    .returning({ resendsLeft: registrations.resendsLeft });
  if (updated.length === 0) throw new AppError('AUTH0008');
  await sendOtp(ctx, row.details as Details, otp);
  return { attemptsLeft: OTP.otpMaxAttempts, resendsLeft: row.resendsLeft - 1, message: 'A new OTP has been sent to your e-mail address.' };
};

/**
 * POST registration/validateOtp: every guess spends an attempt before it is answered (parallel guesses cannot
 * exceed the bound). The right OTP provisions the subscriber: the Admin role with every right an ordinary
 * subscriber gets, the admin user, the Business (and for a GSTIN its Location), and mails the admin a link to
 * choose a password.
 */
export const completeRegistration = async (ctx: AppContext, token: string, otp: string) => {
  const { db } = ctx.database;
  const now = ctx.now();
  const row = await findRegistration(db, token, now);
  const spent = await db
    .update(registrations)
    .set({ attemptsLeft: row.attemptsLeft - 1 })
    .where(and(eq(registrations.id, row.id), eq(registrations.attemptsLeft, row.attemptsLeft), sql`${registrations.attemptsLeft} > 0`))
    .returning({ attemptsLeft: registrations.attemptsLeft });
  if (spent.length === 0) throw new AppError('AUTH0007', { propertyName: 'Otp' });
  if (row.otpExpiresAt <= now) throw new AppError('AUTH0006', { propertyName: 'Otp' });
  if (!sameDigest(otpDigest(row.tokenHash, otp), row.otpHash)) {
    const left = spent[0]?.attemptsLeft ?? 0;
    if (left <= 0) throw new AppError('AUTH0007', { propertyName: 'Otp' });
    throw new AppError('AUTH0005', { propertyName: 'Otp', message: `Invalid OTP. ${left} attempt${left === 1 ? '' : 's'} left.` });
  }
  const details = row.details as Details;
  // Someone may have taken the GSTIN or the user name since the OTP was sent.
  await checkGstinOrPan(db, details.gstinOrPan);
  await assertUserNameFree(db, details.userName);

  const mail = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(registrations)
      .set({ completedAt: now })
      .where(and(eq(registrations.id, row.id), isNull(registrations.completedAt)))
      .returning({ id: registrations.id });
    if (claimed.length === 0) throw new AppError('AUTH0016');
    const provisioned = await provisionSubscriber(tx, {
      name: details.organisationName,
      admin: { userName: details.userName, displayName: details.displayName, email: details.email, password: generatePassword(24) },
      business: { name: details.organisationName, pan: details.pan, locations: [] },
    });
    const businessId = provisioned.entityIds[0];
    if (details.kind === 'GSTIN' && businessId !== undefined) {
      const [location] = await tx
        .insert(entities)
        .values({
          subscriberId: provisioned.subscriberId,
          parentEntityId: businessId,
          entityType: 'Location',
          entityName: details.organisationName,
          pan: details.pan,
          gstin: details.gstinOrPan,
          stateCode: details.stateCode,
          taxpayerType: 'Regular',
        })
        .returning({ id: entities.id });
      if (location) await tx.insert(userEntities).values({ userId: provisioned.adminUserId, entityId: location.id });
    }
    await tx.update(users).set({ mobile: details.mobile }).where(eq(users.id, provisioned.adminUserId));
    await writeAudit(
      tx,
      { subscriberId: provisioned.subscriberId, userId: provisioned.adminUserId },
      {
        entityType: 'Subscriber',
        entityKey: provisioned.subscriberId,
        entityName: details.organisationName,
        action: 'Create',
        after: { registeredWith: details.gstinOrPan, kind: details.kind, adminUserName: details.userName },
      },
    );
    return preparePasswordLink(
      ctx,
      tx,
      { id: provisioned.adminUserId, subscriberId: provisioned.subscriberId, userName: details.userName, email: details.email },
      'welcome',
      WELCOME_LINK_MINUTES,
    );
  });
  await sendPasswordLink(ctx, mail);
  return { message: 'Registration complete. We have mailed you a link to choose your password.', userName: details.userName };
};
