import { expect, test, type Page } from '@playwright/test';
import { fixtures, shot, signInAs } from '../support/journeys';

// Issue 20's public pages and announcements journey: the installation's administrator publishes an announcement (its
// body's script dropped by the server); an anonymous visitor goes through /home's sections, finds HSN 8471 by words
// and by a misspelling, and sees the announcement under the bell of /home and on /public-latest-updates; a signed-in
// user sees the bell's unread count, opens the announcement in the slide-in, and the count goes down.

const TITLE = 'GSTR-3B due date extended';
const BODY = '<p>The due date of GSTR-3B is extended by <strong>five days</strong>.</p><script>alert("x")</script>';

const countOf = async (page: Page): Promise<number> => {
  const count = page.getByTestId('announcement-count');
  return (await count.count()) === 0 ? 0 : Number((await count.textContent())?.replace(/\D/g, '') || 0);
};

test('an administrator publishes an announcement; a visitor reads /home, searches HSN/SAC and sees it; users see it under the bell', async ({
  page,
  browser,
}) => {
  const user = fixtures().guard;
  // The user's unread count before, in a context of its own.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInAs(userPage, user);
  await expect(userPage.getByTestId('announcement-bell')).toBeVisible();
  const unreadBefore = await countOf(userPage);

  await signInAs(page, fixtures().admin);
  await page.goto('/manage-announcements');
  await page.getByTestId('announcement-new').click();
  await page.getByTestId('announcement-title').fill(TITLE);
  await page.getByTestId('announcement-body-input').fill(BODY);
  await page.getByTestId('announcement-publish-now').click();
  await page.getByTestId('announcement-save').click();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await shot(page, 'announcements-01-published');

  // An anonymous visitor: the bell of /home lists it, the latest updates show it, without the script.
  const visitor = await (await browser.newContext()).newPage();
  try {
    await visitor.goto('/home');
    // /home: the header menu's anchors lead to the page's sections, shown with the product's own screens; the
    // HSN/SAC search finds the codes of heading 8471 by words and by a misspelt word.
    const menu = visitor.getByTestId('home-menu');
    await menu.getByRole('link', { name: 'Features' }).click();
    await expect(visitor).toHaveURL(/#features$/);
    await expect(visitor.locator('#features')).toBeInViewport();
    await menu.getByRole('link', { name: 'Key offerings' }).click();
    const screens = visitor.getByTestId('home-offerings').getByRole('img');
    await expect(screens).toHaveCount(4);
    for (const img of await screens.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(800);
    }
    await menu.getByRole('link', { name: 'Home' }).click();
    await shot(visitor, 'home-01-landing');
    await menu.getByRole('link', { name: 'HSN/SAC search' }).click();
    await expect(visitor).toHaveURL(/\/hsn-codes-master/);
    for (const words of ['computer laptop', 'laptp']) {
      await visitor.getByTestId('hsn-search').fill(words);
      // Words of the description find the heading's sub-headings and tariff items (847130 laptops, 84713010 PCs).
      await expect(visitor.locator('[data-testid^="hsn-8471"]').first()).toBeVisible({ timeout: 10_000 });
    }
    await shot(visitor, 'home-02-hsn-search');
    await visitor.goto('/home');
    await expect.poll(() => countOf(visitor)).toBeGreaterThan(0);
    await visitor.getByTestId('announcement-bell').click();
    await expect(visitor.getByTestId('announcement-dropdown')).toContainText(TITLE);
    await visitor.getByTestId('announcement-view-all').click();
    await expect(visitor).toHaveURL(/\/public-latest-updates/);
    await visitor.getByText(TITLE).first().click();
    await expect(visitor.getByText('five days').first()).toBeVisible();
    expect(await visitor.locator('script:has-text("alert")').count()).toBe(0);
    await shot(visitor, 'announcements-02-latest-updates');
  } finally {
    await visitor.context().close();
  }

  // A signed-in user: one more unread under the bell; read in the slide-in, it is no longer counted.
  try {
    await userPage.reload();
    await expect.poll(() => countOf(userPage)).toBe(unreadBefore + 1);
    await userPage.getByTestId('announcement-bell').click();
    await userPage.getByTestId('announcement-dropdown').getByText(TITLE).click();
    const drawer = userPage.getByTestId('announcement-drawer');
    await expect(drawer).toContainText(TITLE);
    await expect(drawer).toContainText('five days');
    await shot(userPage, 'announcements-03-slide-in');
    await expect.poll(() => countOf(userPage)).toBe(unreadBefore);
  } finally {
    await userContext.close();
  }
});
