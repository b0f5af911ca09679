import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { fillLogin, fixtures, linkOf, otpOf, shot, waitForMail } from '../support/journeys';

test('forgot by link: the mailed link resets the password, and the new one signs in', async ({ page }) => {
  const { forgotLink } = fixtures();
  const since = Date.now();
  await page.goto('/login');
  await page.getByTestId('forgot-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByTestId('forgot-mode-link').click();
  await page.getByTestId('forgot-username').fill(forgotLink.userName);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText(/check your email/i).first()).toBeVisible();
  await shot(page, 'forgot-link-01-check-email');

  const link = new URL(linkOf(await waitForMail(forgotLink.email, /reset your password/, since)));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('reset-password').fill('Renewed#Pass2026');
  await page.getByTestId('reset-confirm').fill('Renewed#Pass2026');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toContainText('password changed successfully');
  await shot(page, 'forgot-link-02-changed');

  await page.goto('/login');
  await fillLogin(page, forgotLink.userName, 'Renewed#Pass2026');
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);

  // The link worked once: opening it again goes to Unauthorized Access.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/unauthorized-access$/);
  await expect(page.getByText('Unauthorized Access!')).toBeVisible();
  await expectAccessible(page, 'forgot-link-03-unauthorized');
});

test('forgot by OTP: verify the mailed code, then reset', async ({ page }) => {
  const { forgotOtp } = fixtures();
  const since = Date.now();
  await page.goto('/forgot-password');
  await page.getByTestId('forgot-mode-otp').click();
  await page.getByTestId('forgot-username').fill(forgotOtp.userName);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-otp')).toBeVisible();
  const mail = await waitForMail(forgotOtp.email, /reset your password/, since);
  await page.getByTestId('forgot-otp').fill(otpOf(mail));
  await page.getByTestId('forgot-otp-verify').click();
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByTestId('reset-password').fill('short');
  await page.getByTestId('reset-confirm').fill('short');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('The password must be at least 12 characters long.').first()).toBeVisible();
  await shot(page, 'forgot-otp-01-policy');
  await page.getByTestId('reset-password').fill('ByOtp#Pass2026');
  await page.getByTestId('reset-confirm').fill('ByOtp#Pass2026');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toContainText('password changed successfully');
  await page.goto('/login');
  await fillLogin(page, forgotOtp.userName, 'ByOtp#Pass2026');
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
});
