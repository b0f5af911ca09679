// Mounts the e-way bill sandbox (apps/portal-sandbox, README.md "E-way bill sandbox") in this server under
// /ewb-sandbox when no EWB_URL is configured, gated as the other sandboxes (../sandbox-mount.ts); with the clock control
// on, a test may also have an officer verify an e-way bill in movement.
import { ewbSandbox } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { mountGatedSandbox, type SandboxGate } from '../sandbox-mount';

/** Where the mounted e-way bill sandbox answers. */
export const EWB_SANDBOX_PREFIX = '/ewb-sandbox';
/** Where a test sets the mounted sandbox's date, when PORTAL_SANDBOX_CLOCK_CONTROL allows it (body `{ at: ISO | null }`). */
export const EWB_SANDBOX_CLOCK_PATH = `${EWB_SANDBOX_PREFIX}/testing/clock`;
/** Where a test has an officer verify an e-way bill in movement (body `{ ewbNo }`), with the clock control on. */
export const EWB_SANDBOX_VERIFY_PATH = `${EWB_SANDBOX_PREFIX}/testing/verify`;

export const mountEwbSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.ewb.url) return;
  await mountGatedSandbox(app, ctx, gate, EWB_SANDBOX_PREFIX, (scope, sandbox) =>
    scope.register(ewbSandbox, { prefix: EWB_SANDBOX_PREFIX, ...sandbox }),
  );
};
