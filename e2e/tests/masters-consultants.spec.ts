import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { CONSULTANT_API, NOTICE_API, ROLE_API, type Consultant, type UserEntity } from '@opengst/contracts';
import { financialYearOf } from '@opengst/domain';
import { authTokenOf, fillLogin, fixtures, linkOf, shot, signInAs, waitForMail } from '../support/journeys';
import {
  choose,
  exportedRows,
  importFromMasterList,
  journeyFile,
  MUMBAI_GSTIN,
  plantedImportErrorShown,
  rowAction,
} from '../support/masters';
import { RUN_DIR } from '../support/paths';
import { csvOf } from '../support/returns';

// Issue 20, /manage-consultants: an administrator makes a role for consultants, adds a consultant from the masters hub
// (its sign-in, capacity under CGST Act s.116(2), firm, the Mumbai GSTIN), edits it, imports a second one with a
// planted error (a GSTIN the administrator cannot reach, shown on /import-master-error), exports both and reads them
// back; a notice assigned to the first keeps it from deletion, with the reason; the consultant chooses a password from
// the welcome mail, signs in and sees in the notice register only the notice assigned to them. Names carry the run;
// the run's notices are deleted and its consultants with them at the end.

const RUN = Date.now().toString(36).slice(-5).toLowerCase();
const DIR = join(RUN_DIR, 'masters-consultants');

test('consultants: created, edited, imported with a planted error, exported, kept while a notice is theirs, and see only their notices', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const userName = `ca-${RUN}`;
  const email = `ca-${RUN}@journeys.test`;
  const importedUser = `adv-${RUN}`;
  await signInAs(page, fixtures().admin);
  const headers = { 'auth-token': await authTokenOf(page) };
  const roleName = `Notice consultant ${RUN}`;
  const role = await page.request.post(ROLE_API.roleSave, {
    headers,
    // The notice register's rights, and the statistics page every user lands on after sign-in (spec core §2).
    data: {
      name: roleName,
      description: 'External consultants: the notice register.',
      rightIds: ['LitigationManagement', 'LitigationEdit', 'DashboardStatistics'],
    },
  });
  expect(role.status(), await role.text()).toBe(200);

  // 1. From the hub: a consultant with the Mumbai GSTIN. The administrators' role is not offered.
  const since = Date.now();
  await page.goto('/masters');
  await page.getByTestId('masters-tile-ManageConsultants').click();
  await expect(page).toHaveURL(/\/manage-consultants$/);
  await page.getByTestId('consultant-add').click();
  await page.getByTestId('consultant-displayName').fill(`Asha Mehta ${RUN}`);
  await page.getByTestId('consultant-userName').fill(userName);
  await page.getByTestId('consultant-email').fill(email);
  await page.getByTestId('consultant-firmName').fill('Mehta & Co');
  await choose(page, 'consultant-profession', 'Chartered accountant');
  await page.getByTestId('consultant-membershipNumber').fill('123456');
  await page.getByTestId('consultant-role').click();
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: roleName }).click();
  await choose(page, 'consultant-entities', new RegExp(MUMBAI_GSTIN));
  await shot(page, 'masters-consultants-01-form');
  await page.getByTestId('consultant-save').click();
  await expect(page.getByTestId('consultant-save')).toBeHidden();
  const row = page.getByTestId(`consultant-row-${userName}`);
  await expect(row).toContainText('Chartered accountant');

  // 2. Edited: the firm's full name.
  await row.getByText(`Asha Mehta ${RUN}`).click();
  await expect(page.getByTestId('consultant-userName')).toHaveValue(userName);
  await page.getByTestId('consultant-firmName').fill('Mehta & Associates LLP');
  await page.getByTestId('consultant-save').click();
  await expect(page.getByTestId('consultant-save')).toBeHidden();
  await expect(row).toContainText('Mehta & Associates LLP');

  // 3. Imported: an advocate, and a planted row naming a GSTIN outside the administrator's locations (row 3).
  const imported = {
    displayName: `Ravi Iyer ${RUN}`,
    email: `adv-${RUN}@journeys.test`,
    firmName: 'Iyer Law Chambers',
    profession: 'Advocate',
    role: roleName,
    gstins: MUMBAI_GSTIN,
  };
  const file = journeyFile(
    DIR,
    'consultants.csv',
    csvOf('Consultants', [
      { ...imported, userName: importedUser },
      { ...imported, userName: `planted-${RUN}`, gstins: '29AAACA1234A1Z5' },
    ]),
  );
  expect((await importFromMasterList(page, 'consultant', 'Consultants', file)).status).toBe('SuccessWithError');
  await plantedImportErrorShown(page, '/import-master-error', 3, ['GSTINs', '29AAACA1234A1Z5 is not one of the locations you may reach.']);
  await shot(page, 'masters-consultants-02-import-errors');

  // 4. Exported and read back: both, under the import's headers.
  await page.goto('/manage-consultants');
  await page.getByTestId('consultant-search').fill(RUN);
  await expect(page.getByTestId(`consultant-row-${importedUser}`)).toBeVisible();
  await expect(page.getByTestId(`consultant-row-${userName}`)).toBeVisible();
  const { rows } = await exportedRows(page, 'consultant', 'consultants.xlsx');
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r['User name'] === userName)).toMatchObject({
    Firm: 'Mehta & Associates LLP',
    Capacity: 'Chartered accountant',
    Role: roleName,
    GSTINs: MUMBAI_GSTIN,
  });
  expect(rows.find((r) => r['User name'] === importedUser)).toMatchObject({ Capacity: 'Advocate', Firm: 'Iyer Law Chambers' });

  // 5. Two notices of the Mumbai location: one assigned to the consultant, one not.
  const listed = (await (
    await page.request.post(CONSULTANT_API.consultantSearch, { headers, data: { start: 0, size: 10, filters: { text: RUN } } })
  ).json()) as { data: { items: Consultant[] } };
  const consultantId = listed.data.items.find((c) => c.userName === userName)?.id;
  const today = new Date().toISOString().slice(0, 10);
  const entities = (await (await page.request.get(`/api/v0.1/user/entities?financialYear=${financialYearOf(today)}`, { headers })).json())
    .data as UserEntity[];
  const mumbai = entities.find((e) => e.gstin === MUMBAI_GSTIN);
  const noticeIds: number[] = [];
  for (const [reference, consultantIds] of [
    [`CA${RUN.toUpperCase()}`, [consultantId]],
    [`OT${RUN.toUpperCase()}`, []],
  ] as const) {
    const saved = await page.request.post(NOTICE_API.noticeSave, {
      headers,
      data: { entityId: mumbai?.entityId, form: 'ASMT-10', referenceNumber: reference, issuedOn: today, consultantIds },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    noticeIds.push(((await saved.json()) as { data: { id: number } }).data.id);
  }

  try {
    // 6. Its deletion is refused with the reason while the notice is open.
    await page.reload();
    await page.getByTestId('consultant-search').fill(RUN);
    await expect(row).toContainText('1');
    await rowAction(page, 'consultant', userName, 'delete');
    await expect(page.getByTestId('action-refusal')).toContainText(`Asha Mehta ${RUN} has 1 open notice assigned`);
    await shot(page, 'masters-consultants-03-delete-refused');
    await page.keyboard.press('Escape');

    // 7. The consultant chooses a password from the welcome mail and sees only the notice assigned to them.
    const link = new URL(linkOf(await waitForMail(email, /your new account/, since)));
    const consultant = await (await browser.newContext()).newPage();
    await consultant.goto(`${link.pathname}${link.search}`);
    await consultant.getByTestId('reset-password').fill('Consultant#2026');
    await consultant.getByTestId('reset-confirm').fill('Consultant#2026');
    await consultant.getByTestId('reset-submit').click();
    await expect(consultant.getByTestId('reset-success')).toBeVisible();
    await consultant.goto('/login');
    await fillLogin(consultant, userName, 'Consultant#2026');
    await expect(consultant).toHaveURL(/\/quick-access-and-statistics$/);
    await consultant.goto('/litigation-management');
    await expect(consultant.getByTestId(`notice-row-CA${RUN.toUpperCase()}`)).toBeVisible();
    await expect(consultant.getByTestId(`notice-row-OT${RUN.toUpperCase()}`)).toHaveCount(0);
    await shot(consultant, 'masters-consultants-04-consultant-register');
    await consultant.context().close();
  } finally {
    await page.request.post(NOTICE_API.noticeDelete, { headers, data: { ids: noticeIds } });
  }

  // 8. With its notice gone, the consultants of the run are deleted.
  await page.reload();
  await page.getByTestId('consultant-search').fill(RUN);
  await expect(page.getByTestId(`consultant-row-${importedUser}`)).toBeVisible();
  await page.getByTestId(`consultant-row-${importedUser}`).getByRole('checkbox').check();
  await rowAction(page, 'consultant', userName, 'delete');
  await expect(page.getByTestId(`consultant-row-${userName}`)).toHaveCount(0);
  await expect(page.getByTestId(`consultant-row-${importedUser}`)).toHaveCount(0);
});
