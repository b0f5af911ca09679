import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { LEVEL_API, NOTICE_API, NOTICE_TAG_API, type Level, type NoticeTag, type UserEntity } from '@opengst/contracts';
import { financialYearOf } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import {
  choose,
  exportedRows,
  importFromMasterList,
  journeyFile,
  MUMBAI_GSTIN,
  plantedImportErrorShown,
  rowAction,
  searchFor,
} from '../support/masters';
import { RUN_DIR } from '../support/paths';
import { csvOf } from '../support/returns';

// Issue 20, the small named masters: levels (/level-master), verticals (/verticals) and notice tags (/notice-tag), each
// reached from the masters hub, created on its screen, edited, imported from its Import button (one valid row and one
// planted error, shown on /import-master-error with its row number and message), exported to Excel and read back, and
// refused deletion with the server's reason while in use: a level held by a user made on /users with the level picked,
// a vertical an entity belongs to (picked on the entity's form), a tag a notice carries (the notice saved through the
// litigation API). Names and codes carry the run, so the journeys run again on the same data; what a run puts in use
// is deactivated or released at its end.

let RUN = '';
test.beforeEach(() => {
  RUN = Date.now().toString(36).slice(-5).toUpperCase();
});
const DIR = join(RUN_DIR, 'masters-named');

const fileOf = (name: string, text: string): string => journeyFile(DIR, name, text);

/** From the hub's tile to the master's screen. */
const openFromHub = async (page: Page, tile: string, path: string) => {
  await page.goto('/masters');
  await page.getByTestId(`masters-tile-${tile}`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
};

/** The deletion refused with the server's reason; the dialog closed again. */
const deletionRefused = async (page: Page, testId: string, name: string, reason: string, shotName: string) => {
  await rowAction(page, testId, name, 'delete');
  const refusal = page.getByTestId('action-refusal');
  await expect(refusal).toContainText(reason);
  await shot(page, shotName);
  await page.keyboard.press('Escape');
  await expect(refusal).toBeHidden();
};

/** Two ranks no active level of the demo tenant holds (earlier runs leave theirs inactive). */
const freeRanks = async (page: Page): Promise<[number, number]> => {
  const headers = { 'auth-token': await authTokenOf(page) };
  const res = await page.request.post(LEVEL_API.search, { headers, data: { start: 0, size: 100, filters: { status: 'Active' } } });
  const held = new Set(((await res.json()) as { data: { items: Level[] } }).data.items.map((level) => level.rank));
  const free = Array.from({ length: 20 }, (_, i) => i + 1).filter((rank) => !held.has(rank));
  expect(free.length, 'two ranks free among the active levels').toBeGreaterThanOrEqual(2);
  return [free[0] ?? 0, free[1] ?? 0];
};

test('levels: created, edited, imported with a planted error, exported, kept while a user holds one', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Reviewer ${RUN}`;
  const imported = `Approver ${RUN}`;
  await signInAs(page, fixtures().admin);
  const [rank, importedRank] = await freeRanks(page);

  // 1. From the hub: a level at a free rank.
  await openFromHub(page, 'LevelMaster', '/level-master');
  await page.getByTestId('level-add').click();
  await page.getByTestId('level-name').fill(name);
  await page.getByTestId('level-rank').fill(String(rank));
  await page.getByTestId('level-save').click();
  await expect(page.getByTestId('level-save')).toBeHidden();
  await searchFor(page, 'level', RUN, name);
  const row = page.getByTestId(`level-row-${name}`);

  // 2. Edited: a description.
  await row.getByText(name).click();
  await expect(page.getByTestId('level-name')).toHaveValue(name);
  await page.getByTestId('level-description').fill('Reviews purchase documents before approval.');
  await shot(page, 'masters-named-01-level-form');
  await page.getByTestId('level-save').click();
  await expect(page.getByTestId('level-save')).toBeHidden();
  await expect(row).toContainText('Reviews purchase documents before approval.');

  // 3. Imported: one level at another free rank, and a planted rank 25 (row 3): ranks run from 1 to 20.
  const file = fileOf(
    'levels.csv',
    csvOf('Levels', [
      { name: imported, rank: String(importedRank), description: 'Imported' },
      { name: `Planted ${RUN}`, rank: '25' },
    ]),
  );
  expect((await importFromMasterList(page, 'level', 'Levels', file)).status).toBe('SuccessWithError');
  await plantedImportErrorShown(page, '/import-master-error', 3, ['Rank', '25', 'A rank is from 1 to 20.']);
  await shot(page, 'masters-named-02-level-errors');

  // 4. A user made on /users holds the created level (picked in the form).
  const userName = `lv-${RUN.toLowerCase()}`;
  await page.goto('/users');
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-username').fill(userName);
  await page.getByTestId('user-name').fill(`Level Holder ${RUN}`);
  await page.getByTestId('user-email').fill(`${userName}@journeys.test`);
  await choose(page, 'user-role', /./);
  await choose(page, 'user-level', `${rank}. ${name}`);
  await page.getByTestId('user-save').click();
  await expect(page.getByText(userName).first()).toBeVisible();

  // 5. Exported and read back: the edited level with its one user, and the imported one.
  await page.goto('/level-master');
  await searchFor(page, 'level', RUN, name);
  await expect(page.getByTestId(`level-row-${imported}`)).toBeVisible();
  await expect(page.getByTestId(`level-row-Planted ${RUN}`)).toHaveCount(0);
  const { rows } = await exportedRows(page, 'level', 'levels.xlsx');
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r.Name === name)).toMatchObject({
    Rank: rank,
    Description: 'Reviews purchase documents before approval.',
    Status: 'Active',
    Users: 1,
  });
  expect(rows.find((r) => r.Name === imported)).toMatchObject({ Rank: importedRank, Description: 'Imported', Users: 0 });

  // 6. Its deletion is refused with the reason; deactivated instead (its rank is free again). The imported one goes.
  await deletionRefused(page, 'level', name, `${name} is held by 1 user; deactivate it instead.`, 'masters-named-03-level-delete-refused');
  await rowAction(page, 'level', name, 'deactivate');
  await expect(row).toContainText('Inactive');
  await page.getByTestId(`level-row-${name}`).getByRole('checkbox').uncheck();
  await rowAction(page, 'level', imported, 'delete');
  await expect(page.getByTestId(`level-row-${imported}`)).toHaveCount(0);
});

test('verticals: created, edited, imported with a planted error, exported, kept while an entity belongs to one', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Retail ${RUN}`;
  const imported = `Exports ${RUN}`;
  await signInAs(page, fixtures().admin);

  // 1. From the hub: a vertical with a code (kept in capitals).
  await openFromHub(page, 'Verticals', '/verticals');
  await page.getByTestId('vertical-add').click();
  await page.getByTestId('vertical-name').fill(name);
  await page.getByTestId('vertical-code').fill(`r${RUN.toLowerCase()}`);
  await page.getByTestId('vertical-save').click();
  await expect(page.getByTestId('vertical-save')).toBeHidden();
  await searchFor(page, 'vertical', RUN, name);
  const row = page.getByTestId(`vertical-row-${name}`);
  await expect(row).toContainText(`R${RUN}`);

  // 2. Edited: a description.
  await row.getByText(name).click();
  await page.getByTestId('vertical-description').fill('Stores and online sales to consumers.');
  await page.getByTestId('vertical-save').click();
  await expect(page.getByTestId('vertical-save')).toBeHidden();
  await expect(row).toContainText('Stores and online sales to consumers.');

  // 3. Imported: one vertical, and a planted code with a space (row 3).
  const file = fileOf(
    'verticals.csv',
    csvOf('Verticals', [
      { name: imported, code: `E${RUN}` },
      { name: `Planted ${RUN}`, code: 'BAD CODE' },
    ]),
  );
  expect((await importFromMasterList(page, 'vertical', 'Verticals', file)).status).toBe('SuccessWithError');
  await plantedImportErrorShown(page, '/import-master-error', 3, ['Code', 'BAD CODE', "A code has letters, digits and '-' only."]);
  await shot(page, 'masters-named-04-vertical-errors');

  // 4. The Mumbai location belongs to the vertical: picked on its form.
  await page.goto('/entities');
  await page.getByText('Mumbai Head Office').first().click();
  await page.getByTestId('entity-edit').click();
  await choose(page, 'entity-vertical', name);
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('entity-save')).toBeHidden();

  // 5. Exported and read back.
  await page.goto('/verticals');
  await searchFor(page, 'vertical', RUN, name);
  await expect(page.getByTestId(`vertical-row-${imported}`)).toBeVisible();
  const { rows } = await exportedRows(page, 'vertical', 'verticals.xlsx');
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r.Name === name)).toMatchObject({
    Code: `R${RUN}`,
    Description: 'Stores and online sales to consumers.',
    Status: 'Active',
    Entities: 1,
  });
  expect(rows.find((r) => r.Name === imported)).toMatchObject({ Code: `E${RUN}`, Entities: 0 });

  // 6. Its deletion is refused with the reason; deactivated instead.
  await deletionRefused(
    page,
    'vertical',
    name,
    `${name} is used by 1 entity; deactivate it instead.`,
    'masters-named-05-vertical-delete-refused',
  );
  await rowAction(page, 'vertical', name, 'deactivate');
  await expect(row).toContainText('Inactive');
});

test('notice tags: created, edited, imported with a planted error, exported, kept while a notice carries one', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Urgent ${RUN}`;
  const imported = `Routine ${RUN}`;
  await signInAs(page, fixtures().admin);

  // 1. From the hub: a red tag.
  await openFromHub(page, 'NoticeTag', '/notice-tag');
  await page.getByTestId('tag-add').click();
  await page.getByTestId('tag-name').fill(name);
  await choose(page, 'tag-color', /^Red$/);
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tag-save')).toBeHidden();
  await searchFor(page, 'tag', RUN, name);
  const row = page.getByTestId(`tag-row-${name}`);

  // 2. Edited: teal, with a description.
  await row.getByText(name).first().click();
  await choose(page, 'tag-color', /^Teal$/);
  await page.getByTestId('tag-description').fill('Reply due within a week.');
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tag-save')).toBeHidden();
  await expect(row).toContainText('Reply due within a week.');

  // 3. Imported: one tag, and a planted colour that is not one of the palette's (row 3).
  const file = fileOf(
    'notice-tags.csv',
    csvOf('NoticeTags', [
      { name: imported, color: 'Blue' },
      { name: `Planted ${RUN}`, color: 'purple' },
    ]),
  );
  expect((await importFromMasterList(page, 'tag', 'Notice tags', file)).status).toBe('SuccessWithError');
  await plantedImportErrorShown(page, '/import-master-error', 3, ['Colour', 'purple', 'One of: gray']);
  await shot(page, 'masters-named-06-tag-errors');

  // 4. A notice of the Mumbai location carries the tag (saved through the litigation API, as the notice screen does).
  const headers = { 'auth-token': await authTokenOf(page) };
  const today = new Date().toISOString().slice(0, 10);
  const entities = (await (await page.request.get(`/api/v0.1/user/entities?financialYear=${financialYearOf(today)}`, { headers })).json())
    .data as UserEntity[];
  const mumbai = entities.find((e) => e.gstin === MUMBAI_GSTIN);
  await page.goto('/notice-tag');
  await searchFor(page, 'tag', RUN, name);
  const tags = (
    await (await page.request.post(NOTICE_TAG_API.search, { headers, data: { start: 0, size: 10, filters: { text: name } } })).json()
  ).data.items as NoticeTag[];
  const tagId = tags.find((tag) => tag.name === name)?.id;
  const saved = await page.request.post(NOTICE_API.noticeSave, {
    headers,
    data: { entityId: mumbai?.entityId, form: 'ASMT-10', referenceNumber: `TAG${RUN}`, issuedOn: today, tagIds: [tagId] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const noticeId = ((await saved.json()) as { data: { id: number } }).data.id;

  try {
    // 5. Exported and read back.
    await page.reload();
    await searchFor(page, 'tag', RUN, name);
    await expect(page.getByTestId(`tag-row-${imported}`)).toBeVisible();
    const { rows } = await exportedRows(page, 'tag', 'notice-tags.xlsx');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.Name === name)).toMatchObject({ Colour: 'teal', Description: 'Reply due within a week.', Status: 'Active' });
    expect(rows.find((r) => r.Name === imported)).toMatchObject({ Colour: 'blue', Status: 'Active' });

    // 6. Its deletion is refused with the reason; the imported tag, on no notice, is deleted.
    await deletionRefused(page, 'tag', name, `${name} tags 1 notice; deactivate it instead.`, 'masters-named-07-tag-delete-refused');
    await page.getByTestId(`tag-row-${name}`).getByRole('checkbox').uncheck();
    await rowAction(page, 'tag', imported, 'delete');
    await expect(page.getByTestId(`tag-row-${imported}`)).toHaveCount(0);
  } finally {
    // The notice was only there to carry the tag: the litigation journeys count the demo tenant's notices.
    await page.request.post(NOTICE_API.noticeDelete, { headers, data: { ids: [noticeId] } });
  }
});
