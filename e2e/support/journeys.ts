import { expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './accessibility';
import { RUN_DIR } from './paths';

export type Credentials = { userName: string; password: string; email: string };
type Fixtures = Record<
  | 'admin'
  | 'singleSession'
  | 'twoFactor'
  | 'lockout'
  | 'forgotLink'
  | 'forgotOtp'
  | 'expired'
  | 'session'
  | 'logout'
  | 'guard'
  | 'noRights'
  | 'oneLocation'
  | 'reconBuyer'
  | 'reconSupplierA'
  | 'reconSupplierB'
  | 'gstr3bFiler'
  | 'gstr3bSupplier'
  | 'ipAdmin'
  | 'ipClerk',
  Credentials
>;

export const fixtures = (): Fixtures => JSON.parse(readFileSync(join(RUN_DIR, 'fixtures.json'), 'utf8')) as Fixtures;

type Mail = { to: string; subject: string; text: string; at: number };
const mailDir = join(RUN_DIR, 'mails');
const readMails = (): Mail[] =>
  existsSync(mailDir)
    ? readdirSync(mailDir)
        .sort()
        .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as Mail)
    : [];

/** The newest mail to `to` whose subject matches and that arrived after `since` (ms). */
export const waitForMail = async (to: string, subject: RegExp, since: number): Promise<Mail> => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = readMails()
      .filter((m) => m.to === to && subject.test(m.subject) && m.at >= since)
      .at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
};

export const otpOf = (mail: Mail): string => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
export const linkOf = (mail: Mail): string => /(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? '';

const shotDir = join(import.meta.dirname, '..', 'output', 'screenshots');
/** Screenshots kept under the e2e output folder, named by journey and step; each screen shot is also checked with axe. */
export const shot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(shotDir, { recursive: true });
  // Transitions fast-forwarded (a toast fading out read as low contrast by axe, which runs on the same state next).
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
  await expectAccessible(page, name);
};

export const fillLogin = async (page: Page, userName: string, password: string): Promise<void> => {
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
};

export const signInAs = async (page: Page, who: Credentials): Promise<void> => {
  await page.goto('/login');
  await fillLogin(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
};

export const authTokenOf = async (page: Page): Promise<string> =>
  page.evaluate(() => {
    // Runs in the browser; the e2e project is type-checked without the DOM library.
    const storage = (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage;
    const raw = storage.getItem('settings');
    return raw ? ((JSON.parse(raw) as { authToken?: string }).authToken ?? '') : '';
  });
