import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FairnessLimits } from '../config';
import type { AppContext } from './context';
import { AppError } from './errors';

/**
 * Fair shares of the server for signed-in requests (issue 16: one user's 50 parallel list requests made /ping take
 * 15-22 s, the embedded database working on the main thread). Each signed-in request takes a slot before its handler
 * runs: a session holds at most `perSession`, a user at most `perUser`, the process at most `total`. A request that
 * finds no slot waits in its user's queue (first in, first out); a freed slot goes to the waiting user holding the
 * fewest slots (ties take turns), so a second user is served next however many requests the first one queued. The refusal comes early: a request is
 * answered 503 GEN0011 with Retry-After at once when its user's queue is full or when the wait it would face (its
 * place in the queue times the user's recent time per request) exceeds `maxWaitMs`; a queued request still waiting
 * after `maxWaitMs` gets the same answer. A request that took a slot always runs to its end. Public routes (sign-in,
 * /ping, the public pages) stay outside. The slots are per process: they share out this process's event loop and
 * connections.
 */
export type FairnessRefusal = { retryAfterSeconds: number; reason: 'queue-full' | 'wait-too-long' | 'waited-too-long' };

type Waiter = {
  sessionKey: string;
  grant: () => void;
  refuse: (refusal: FairnessRefusal) => void;
  timer: NodeJS.Timeout;
};

type UserState = { running: number; waiting: Waiter[]; msPerRequest: number | undefined };

export type FairnessStats = { running: number; waiting: number; refused: number; timedOut: number };

/** Weight of the newest request in a user's running average of time per request. */
const SMOOTHING = 0.3;

export const createFairGate = (limits: FairnessLimits) => {
  const users = new Map<number, UserState>();
  const sessions = new Map<string, number>();
  /** Users with waiting requests, in the order they are next served. */
  const ring: number[] = [];
  let running = 0;
  let globalMsPerRequest: number | undefined;
  const stats = { refused: 0, timedOut: 0 };

  const userOf = (userKey: number): UserState => {
    let user = users.get(userKey);
    if (!user) {
      user = { running: 0, waiting: [], msPerRequest: undefined };
      users.set(userKey, user);
    }
    return user;
  };

  const canRun = (user: UserState, sessionKey: string) =>
    running < limits.total && user.running < limits.perUser && (sessions.get(sessionKey) ?? 0) < limits.perSession;

  const take = (user: UserState, sessionKey: string) => {
    running++;
    user.running++;
    sessions.set(sessionKey, (sessions.get(sessionKey) ?? 0) + 1);
  };

  const forget = (userKey: number, user: UserState) => {
    if (user.running === 0 && user.waiting.length === 0 && user.msPerRequest === undefined) users.delete(userKey);
  };

  /**
   * Hands freed slots out: to the waiting user holding the fewest slots, ties in ring order; a user served goes to the back
   * of the ring, so users with requests waiting take turns.
   */
  const dispatch = () => {
    while (running < limits.total && ring.length > 0) {
      let best: { at: number; user: UserState; index: number } | undefined;
      for (let at = 0; at < ring.length; at++) {
        const user = userOf(ring[at]!);
        if (best && user.running >= best.user.running) continue;
        const index = user.waiting.findIndex((w) => canRun(user, w.sessionKey));
        if (index >= 0) best = { at, user, index };
      }
      if (!best) return;
      const [userKey] = ring.splice(best.at, 1);
      const [waiter] = best.user.waiting.splice(best.index, 1);
      if (best.user.waiting.length > 0 && userKey !== undefined) ring.push(userKey);
      if (!waiter) return;
      clearTimeout(waiter.timer);
      take(best.user, waiter.sessionKey);
      waiter.grant();
    }
  };

  /** The wait a request would face behind `ahead` waiting requests of its user: they start `perUser` at a time. */
  const estimateWaitMs = (user: UserState, ahead: number): number => {
    const per = user.msPerRequest ?? globalMsPerRequest ?? 0;
    return ((ahead + 1) * per) / limits.perUser;
  };

  const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  /**
   * Takes a slot for the user's session: resolves with the release (call it once, when the answer is sent), or rejects
   * with the refusal.
   */
  const enter = (userKey: number, sessionKey: string): Promise<() => void> => {
    const user = userOf(userKey);
    let grantedAt = performance.now();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const ms = performance.now() - grantedAt;
      user.msPerRequest = user.msPerRequest === undefined ? ms : user.msPerRequest * (1 - SMOOTHING) + ms * SMOOTHING;
      globalMsPerRequest = globalMsPerRequest === undefined ? ms : globalMsPerRequest * (1 - SMOOTHING) + ms * SMOOTHING;
      running--;
      user.running--;
      const left = (sessions.get(sessionKey) ?? 1) - 1;
      if (left > 0) sessions.set(sessionKey, left);
      else sessions.delete(sessionKey);
      dispatch();
      forget(userKey, user);
    };

    // Every release hands out what it can: a request that finds a slot free is behind no runnable waiter.
    if (canRun(user, sessionKey)) {
      take(user, sessionKey);
      return Promise.resolve(release);
    }
    const estimate = estimateWaitMs(user, user.waiting.length);
    if (user.waiting.length >= limits.queuePerUser || estimate > limits.maxWaitMs) {
      stats.refused++;
      return Promise.reject<() => void>({
        retryAfterSeconds: retryAfter(Math.min(estimate, limits.maxWaitMs)),
        reason: user.waiting.length >= limits.queuePerUser ? 'queue-full' : 'wait-too-long',
      } satisfies FairnessRefusal);
    }
    return new Promise<() => void>((resolve, reject) => {
      const waiter: Waiter = {
        sessionKey,
        grant: () => {
          grantedAt = performance.now();
          resolve(release);
        },
        refuse: reject,
        timer: setTimeout(() => {
          const index = user.waiting.indexOf(waiter);
          if (index < 0) return;
          user.waiting.splice(index, 1);
          if (user.waiting.length === 0 && ring.includes(userKey)) ring.splice(ring.indexOf(userKey), 1);
          stats.timedOut++;
          forget(userKey, user);
          reject({
            retryAfterSeconds: retryAfter(estimateWaitMs(user, user.waiting.length)),
            reason: 'waited-too-long',
          } satisfies FairnessRefusal);
        }, limits.maxWaitMs),
      };
      if (user.waiting.length === 0) ring.push(userKey);
      user.waiting.push(waiter);
    });
  };

  const snapshot = (): FairnessStats => ({
    running,
    waiting: [...users.values()].reduce((sum, u) => sum + u.waiting.length, 0),
    ...stats,
  });

  return { enter, stats: snapshot };
};

export type FairGate = ReturnType<typeof createFairGate>;

declare module 'fastify' {
  interface FastifyInstance {
    fairness: FairGate;
  }
}

const SLOT = Symbol('fairness slot');
type WithSlot = FastifyRequest & { [SLOT]?: () => void };

const isRefusal = (value: unknown): value is FairnessRefusal =>
  typeof value === 'object' && value !== null && 'retryAfterSeconds' in value && 'reason' in value;

/**
 * Registered after the access plugin: its onRequest hook runs once the principal is known. The slot is given back when
 * the answer is sent (onResponse) or the connection closes, whichever comes first.
 */
export const fairnessPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  const gate = createFairGate(ctx.config.fairness);
  app.decorate('fairness', gate);

  const releaseOf = (request: FastifyRequest) => {
    const slot = request as WithSlot;
    const release = slot[SLOT];
    slot[SLOT] = undefined;
    release?.();
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    const principal = request.principal;
    if (!access || 'public' in access || !principal) return;
    const sessionKey = principal.apiKeyId === undefined ? `s${principal.sessionId}` : `k${principal.apiKeyId}`;
    try {
      (request as WithSlot)[SLOT] = await gate.enter(principal.userId, sessionKey);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      void reply.header('retry-after', String(error.retryAfterSeconds));
      throw new AppError('GEN0011');
    }
    reply.raw.once('close', () => releaseOf(request));
  });

  app.addHook('onResponse', async (request) => releaseOf(request));
});
