import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { signInGuards } from '../../db/schema';

// Failed guesses per account across requests, challenges and resends (issue 16), in the database so that every
// server process counts the same guesses. The spec sets the password's count (maxFailedLogins, spec core §3 security
// settings) and is silent on the rest: how long a lock lasts, that it ends by itself, and the failed-OTP count follow
// OWASP ASVS 4.0 level 2, 2.2.1 (anti-automation: a soft lock that ends by itself, well under 100 failed attempts an
// hour on one account) and 2.5 (recovery by a link that proves the mailbox still works during a lock).

export type GuardKind = (typeof signInGuards.$inferSelect)['kind'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A password lock lasts 15 minutes, always the same: an outsider who locks `admin` on purpose only delays it. */
export const PASSWORD_LOCK_MS = 15 * MINUTE;

/**
 * Wrong OTPs per account before a lock: one challenge's three attempts and its three resends leave room for typing
 * mistakes, not for guessing a code of 10^6.
 */
export const OTP_FAILURES_BEFORE_LOCK = 10;

/**
 * The backoff of OTP locks: 15 minutes, doubled by every lock in a row, at most a day. With 10 guesses a lock that is
 * about 80 guesses on the first day and 10 a day after it (1 in 12,500 against a 6-digit code), against 150,000 a day
 * without the count.
 */
export const otpLockMs = (locksInARow: number): number => Math.min(15 * MINUTE * 2 ** Math.min(locksInARow, 10), DAY);

/** A day without a failure (after the last lock has ended) forgets the count and the locks in a row. */
const QUIET_MS = DAY;

/** The key of an account: the user name as typed, trimmed and lower-cased (users' unique index is on lower(user_name)). */
export const accountKeyOf = (userName: string): string => userName.trim().toLowerCase().slice(0, 200);

export type Attempt =
  /** The account was already locked: nothing was counted and the guess must not be checked. */
  | { kind: 'locked'; lockedUntil: Date }
  /**
   * The guess is counted and may be checked. `lockedUntil` is set when this guess reached the limit (a wrong guess
   * is then answered by the lock); `endedLockAt` tells that an earlier lock ended by time.
   */
  | { kind: 'counted'; failures: number; lockedUntil: Date | null; endedLockAt: Date | null };

/**
 * Counts one guess before it is checked, in one statement, so parallel guesses cannot pass the limit: the guess that
 * reaches `limit` locks the account for `lockMs(locks in a row)`; while locked nothing is counted.
 */
export const countGuess = async (
  db: DbOrTx,
  kind: GuardKind,
  accountKey: string,
  options: { limit: number; lockMs: (locksInARow: number) => number; now: Date },
): Promise<Attempt> => {
  const { now, limit } = options;
  const g = signInGuards;
  const quietSince = new Date(now.getTime() - QUIET_MS);
  // A day without failures and no lock in that day: start over.
  const quiet = sql`${quietSince.toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const isQuiet = sql`(${g.lastFailureAt} < ${quiet} and (${g.lockedUntil} is null or ${g.lockedUntil} < ${quiet}))`;
  const failuresBefore = sql`(case when ${isQuiet} then 0 else ${g.failures} end)`;
  const locksBefore = sql<number>`(case when ${isQuiet} then 0 else ${g.locks} end)`;
  const reachesLimit = sql`(${failuresBefore} + 1 >= ${limit})`;
  // The lock's length depends on the locks in a row; computed here for every possible count up to the cap.
  const lengths = Array.from({ length: 12 }, (_, n) => options.lockMs(n));
  const lockLength = sql`(${sql.raw(`(array[${lengths.join(',')}])`)}[least(${locksBefore}, 11) + 1])`;
  const first = await db
    .insert(g)
    .values({
      kind,
      accountKey,
      failures: limit <= 1 ? 0 : 1,
      locks: limit <= 1 ? 1 : 0,
      lockedUntil: limit <= 1 ? new Date(now.getTime() + options.lockMs(0)) : null,
      lastFailureAt: now,
    })
    .onConflictDoUpdate({
      target: [g.kind, g.accountKey],
      set: {
        failures: sql`case when ${reachesLimit} then 0 else ${failuresBefore} + 1 end`,
        locks: sql`case when ${reachesLimit} then ${locksBefore} + 1 else ${locksBefore} end`,
        lockedUntil: sql`case when ${reachesLimit} then ${at} + ${lockLength} * interval '1 millisecond' else ${g.lockedUntil} end`,
        lastFailureAt: now,
      },
      setWhere: or(isNull(g.lockedUntil), sql`${g.lockedUntil} <= ${at}`),
    })
    .returning({ failures: g.failures, lockedUntil: g.lockedUntil });
  const row = first[0];
  if (!row) {
    const until = await lockedUntil(db, kind, accountKey, now);
    // The lock ended between the two statements: count again.
    return until ? { kind: 'locked', lockedUntil: until } : countGuess(db, kind, accountKey, options);
  }
  const isNewLock = row.lockedUntil !== null && row.lockedUntil > now;
  return {
    kind: 'counted',
    failures: row.failures,
    lockedUntil: isNewLock ? row.lockedUntil : null,
    endedLockAt: !isNewLock && row.lockedUntil !== null ? row.lockedUntil : null,
  };
};

/** The end of the account's lock, or null when it is not locked. */
export const lockedUntil = async (db: DbOrTx, kind: GuardKind, accountKey: string, now: Date): Promise<Date | null> => {
  const rows = await db
    .select({ lockedUntil: signInGuards.lockedUntil })
    .from(signInGuards)
    .where(and(eq(signInGuards.kind, kind), eq(signInGuards.accountKey, accountKey), gt(signInGuards.lockedUntil, now)));
  return rows[0]?.lockedUntil ?? null;
};

/** A right guess, a password reset or an administrator's unlock: the count, the locks in a row and the lock end. */
export const clearGuesses = async (db: DbOrTx, accountKey: string, kinds: readonly GuardKind[] = ['Password', 'Otp']): Promise<void> => {
  for (const kind of kinds) await db.delete(signInGuards).where(and(eq(signInGuards.kind, kind), eq(signInGuards.accountKey, accountKey)));
};

/** The clean-up job: counts of accounts quiet for two days (unknown user names included) are forgotten. */
export const purgeQuietGuards = async (db: DbOrTx, now: Date): Promise<void> => {
  const before = new Date(now.getTime() - 2 * DAY);
  await db
    .delete(signInGuards)
    .where(and(lt(signInGuards.lastFailureAt, before), or(isNull(signInGuards.lockedUntil), lt(signInGuards.lockedUntil, before))));
};

/** "14:35 on 12 Jan 2026 (India time)": when a lock ends, in words for the message and the mail. */
export const untilInWords = (until: Date, now: Date): string => {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    until,
  );
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(until);
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  const wait = minutes < 120 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(minutes / 60)} hours`;
  return `${time} on ${day} (India time), in about ${wait}`;
};
