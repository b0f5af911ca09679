import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { openChallenge } from '../../../platform/auth/challenges';

const MINUTE = 60_000;
/** A new user may not read the welcome mail at once: the link to choose a first password lasts a day. */
export const WELCOME_LINK_MINUTES = 24 * 60;

export type PasswordLink = { to: string; subscriberId: number; subject: string; text: string };

/**
 * Opens a single-use reset link (the same ResetLink step forgot-password uses, so /reset-password completes it)
 * and returns the mail to send once the transaction has committed. The administrator never sees the link.
 */
export const preparePasswordLink = async (
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: number; subscriberId: number; userName: string; email: string },
  purpose: 'welcome' | 'reset',
  validityMinutes: number,
): Promise<PasswordLink> => {
  const { token } = await openChallenge(tx, {
    purpose: 'ResetLink',
    userId: user.id,
    lifetimeMs: validityMinutes * MINUTE,
    now: ctx.now(),
  });
  const link = `${ctx.config.publicUrl}/reset-password?request=${encodeURIComponent(token)}`;
  const hours = validityMinutes >= 120 ? `${Math.round(validityMinutes / 60)} hours` : `${validityMinutes} minutes`;
  return purpose === 'welcome'
    ? {
        to: user.email,
        subscriberId: user.subscriberId,
        subject: 'OpenGST: your new account',
        text: `An OpenGST account was created for you with the user name ${user.userName}.\nOpen this link within ${hours} to choose your password (it works once):\n${link}`,
      }
    : {
        to: user.email,
        subscriberId: user.subscriberId,
        subject: 'OpenGST: reset your password',
        text: `Your administrator asked for a password reset of your OpenGST user ${user.userName}.\nOpen this link within ${hours} to choose a new password (it works once):\n${link}\nIf you did not expect it, tell your administrator.`,
      };
};

export const sendPasswordLink = async (ctx: AppContext, mail: PasswordLink): Promise<void> => {
  await ctx.mailer.send({ ...mail, carriesSecret: true }); // the link is a one-time credential
};
