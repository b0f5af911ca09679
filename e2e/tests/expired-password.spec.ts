import { expect, test } from '@playwright/test';
import { fillLogin, fixtures, shot } from '../support/journeys';

test('an expired password leads to the change screen; the new password signs in', async ({ page }) => {
  const { expired } = fixtures();
  await page.goto('/login');
  await fillLogin(page, expired.userName, expired.password);
  await expect(page).toHaveURL(/\/login-change-password/);
  await expect(page.getByText(/password has been expired/i).first()).toBeVisible();
  await expect(page.getByTestId('reset-submit')).toContainText(/Change/);
  await shot(page, 'expired-01-change');
  await page.getByTestId('reset-password').fill('NotExpired#2026');
  await page.getByTestId('reset-confirm').fill('NotExpired#2026');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toContainText('password changed successfully');
  await page.goto('/login');
  await fillLogin(page, expired.userName, 'NotExpired#2026');
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
});
