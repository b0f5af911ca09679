import { expect, test } from '@playwright/test';
import { fillLogin, fixtures, otpOf, shot, waitForMail } from '../support/journeys';

test('signs in with two-factor: the OTP comes by mail from the test SMTP server', async ({ page }) => {
  const { twoFactor } = fixtures();
  const since = Date.now();
  await page.goto('/login');
  await fillLogin(page, twoFactor.userName, twoFactor.password);
  await expect(page.getByTestId('login-otp')).toBeVisible();
  await expect(page.getByTestId('login-otp-resend')).toContainText('3');
  await shot(page, 'two-factor-01-otp-step');
  const mail = await waitForMail(twoFactor.email, /sign in/, since);
  await page.getByTestId('login-otp').fill(otpOf(mail));
  await page.getByTestId('login-otp-verify').click();
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
  await shot(page, 'two-factor-02-signed-in');
});
