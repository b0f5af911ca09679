// A session the GST portal ends before its expiry (AUTH4033): the product forgets it and answers RET0008, so the screens
// offer the sign-in again; another GSTIN's session stays.
import { LEDGER_API as L, RETURN_API as R } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../../db/schema';
import { PortalError } from '../../../portal/gst-portal';
import { ENGINES } from '../../../test-support/harness';
import { signInToPortal } from '../../../test-support/inward-fixtures';
import { openSignedIn } from '../../../test-support/org-fixtures';

describe.each(ENGINES)('a portal session the portal ended, on %s', (engine) => {
  let s: Awaited<ReturnType<typeof openSignedIn>>;
  let delhi: number;
  let chennai: number;
  let delhiGstin: string;

  beforeAll(async () => {
    s = await openSignedIn(engine);
    delhi = s.t.entityIds[1]!;
    chennai = s.t.entityIds[2]!;
    const [row] = await s.h.ctx.database.db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, delhi));
    delhiGstin = row!.gstin!;
    await signInToPortal(s.api, delhi, 'ended-delhi');
    await signInToPortal(s.api, chennai, 'ended-chennai');
  }, 120_000);
  afterAll(async () => s?.h.close());

  it('is forgotten at its first AUTH4033: RET0008 in words, the sign-in offered again, the other GSTIN still signed in', async () => {
    const portal = s.h.ctx.gstPortal;
    const ledgerBalance = portal.ledgerBalance.bind(portal);
    portal.ledgerBalance = async (session, period) => {
      if (session.gstin === delhiGstin) throw new PortalError('AUTH4033', 'Invalid Session');
      return ledgerBalance(session, period);
    };
    const period = '102024';
    const refused = await s.api.get(L.balance, { entityId: delhi, period });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ code: 'RET0008', message: expect.stringMatching(/ended this GSTIN's session/) });
    expect((await s.api.get(R.portalSession, { entityId: delhi })).json().data.active).toBe(false);
    expect((await s.api.get(R.portalSession, { entityId: chennai })).json().data.active).toBe(true);
    expect((await s.api.get(L.balance, { entityId: chennai, period })).statusCode).toBe(200);
  });
});
