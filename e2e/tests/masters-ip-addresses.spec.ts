import { expect, test, type APIRequestContext } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IP_ADDRESS_API, type IpAddress } from '@opengst/contracts';
import { authTokenOf, fillLogin, fixtures, shot, signInAs } from '../support/journeys';
import { exportedRows, importFromMasterList, plantedImportErrorShown, rowAction, uploadOnImportScreen } from '../support/masters';
import { BASE_URL, RUN_DIR } from '../support/paths';
import { csvOf } from '../support/returns';

// Issue 20, the IP allow-list (/ip-addresses), on a subscriber of its own (Allow List Traders) so that no other
// journey's sign-in is limited. The administrator works from 10.20.30.40 (an X-Forwarded-For header: the e2e server
// trusts its proxy, as an installation behind a load balancer does); the clerk's browser sends none, so the server
// sees the socket's 127.0.0.1. The administrator's first entry, an office range that leaves out their own address,
// is refused by the lock-out guard; they keep their VPN range and add an IPv6 range; deactivating the VPN range is
// refused with the reason. The clerk's sign-in from 127.0.0.1 is refused with the message; the list exported to
// Excel is read back; once the entries are deleted the clerk signs in.

const ADMIN_ADDRESS = '10.20.30.40';

const clearList = async (request: APIRequestContext, token: string) => {
  const headers = { 'auth-token': token };
  const found = await request.post(IP_ADDRESS_API.ipAddressSearch, { headers, data: { start: 0, size: 100 } });
  const ids = ((await found.json()) as { data: { items: IpAddress[] } }).data.items.map((item) => item.id);
  if (ids.length > 0) await request.post(IP_ADDRESS_API.ipAddressDelete, { headers, data: { ids } });
};

test('an allow-list refuses a sign-in from another address, keeps its administrator in, and lifts when emptied', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const { ipAdmin, ipClerk } = fixtures();
  const adminContext = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    extraHTTPHeaders: { 'x-forwarded-for': ADMIN_ADDRESS },
  });
  const admin = await adminContext.newPage();
  let token = '';
  try {
    await signInAs(admin, ipAdmin);
    token = await authTokenOf(admin);

    // 1. From the masters hub: the screen says where the administrator signs in from, and that nothing is limited yet.
    await admin.goto('/masters');
    await admin.getByTestId('masters-tile-IpAddresses').click();
    await expect(admin).toHaveURL(/\/ip-addresses$/);
    await expect(admin.getByTestId('ip-current')).toContainText(`You are signing in from ${ADMIN_ADDRESS}.`);
    await expect(admin.getByTestId('ip-current-state')).toHaveText('No active entry: sign-in is not limited by address.');
    await shot(admin, 'masters-ip-addresses-01-empty');

    // 2. An office range that leaves the administrator's own address out is refused by the lock-out guard.
    await admin.getByTestId('ip-add').click();
    await admin.getByTestId('ip-address').fill('203.0.113.0/24');
    await admin.getByTestId('ip-description').fill('Pune office');
    await admin.getByTestId('ip-save').click();
    await expect(admin.getByText(`This change would lock you out: you are signed in from ${ADMIN_ADDRESS}`)).toBeVisible();
    await shot(admin, 'masters-ip-addresses-02-lockout-refused');

    // 3. A range not written at its start is explained before anything is sent; the VPN range is saved.
    await admin.getByTestId('ip-address').fill('10.0.0.1/8');
    await admin.getByTestId('ip-save').click();
    await expect(admin.getByText('a /8 range starts at 10.0.0.0/8')).toBeVisible();
    await admin.getByTestId('ip-address').fill('10.0.0.0/8');
    await admin.getByTestId('ip-description').fill('Head office VPN');
    await admin.getByTestId('ip-save').click();
    await expect(admin.getByTestId('ip-save')).toBeHidden();
    await expect(admin.getByTestId('ip-row-10.0.0.0/8')).toContainText('Head office VPN');
    // The office range is accepted now that the VPN keeps the administrator in, and an IPv6 range beside it.
    for (const [address, description] of [
      ['203.0.113.0/24', 'Pune office'],
      ['2001:DB8:0::/32', 'Pune office IPv6'],
    ]) {
      await admin.getByTestId('ip-add').click();
      await admin.getByTestId('ip-address').fill(address ?? '');
      await admin.getByTestId('ip-description').fill(description ?? '');
      await admin.getByTestId('ip-save').click();
      await expect(admin.getByTestId('ip-save')).toBeHidden();
    }
    await expect(admin.getByTestId('ip-row-2001:db8::/32')).toContainText('IPv6');
    await expect(admin.getByTestId('ip-current-state')).toHaveText(
      'Sign-in is limited to the 3 active entries below. The active list allows it.',
    );
    await shot(admin, 'masters-ip-addresses-03-list');

    // 4. Deactivating the range that allows the administrator's own address is refused with the reason.
    await rowAction(admin, 'ip', '10.0.0.0/8', 'deactivate');
    await expect(admin.getByTestId('action-refusal')).toContainText(`you are signed in from ${ADMIN_ADDRESS}`);
    await shot(admin, 'masters-ip-addresses-04-guard');
    await admin.keyboard.press('Escape');
    await expect(admin.getByTestId('action-refusal')).toBeHidden();
    await expect(admin.getByTestId('ip-row-10.0.0.0/8')).toContainText('Active');

    // 5. The export holds what the list shows.
    const { rows } = await exportedRows(admin, 'ip', 'ip-addresses.xlsx');
    expect(rows.map((r) => r['IP address or range']).sort()).toEqual(['10.0.0.0/8', '2001:db8::/32', '203.0.113.0/24']);

    // 6. The clerk of the same subscriber, from 127.0.0.1, is refused with the message.
    await page.goto('/login');
    await fillLogin(page, ipClerk.userName, ipClerk.password);
    await expect(page.getByText('Sign-in from 127.0.0.1 is not allowed for your organisation').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await shot(page, 'masters-ip-addresses-05-clerk-refused');

    // 7. Every entry deleted at once: nothing is left to limit sign-in, so the guard lets it through; the clerk signs in.
    await admin.getByTestId('ip-row-10.0.0.0/8').getByRole('checkbox').uncheck();
    for (const address of ['10.0.0.0/8', '203.0.113.0/24', '2001:db8::/32']) {
      await admin.getByTestId(`ip-row-${address}`).getByRole('checkbox').check();
    }
    await admin.getByTestId('ip-delete').click();
    await admin.getByTestId('ip-delete-confirm').click();
    await expect(admin.getByTestId('ip-current-state')).toHaveText('No active entry: sign-in is not limited by address.');
    await expect(admin.getByTestId('ip-row-10.0.0.0/8')).toHaveCount(0);
    await signInAs(page, ipClerk);
  } finally {
    // Never leave the subscriber limited, whatever failed above.
    if (token) await clearList(adminContext.request, token);
    await adminContext.close();
  }
});

// The allow-list imported through /import from the screen's Import button, on the same subscriber and from the same
// address: the VPN range and the office range imported (a planted range not written at its start is shown on
// /import-master-error), the list exported and read back; a second file that would deactivate the range the
// administrator signs in from, while adding an office range that does not allow it, has that row refused with the
// reason and the office range added (the lock-out guard holds for imports too).
test('an allow-list imported with a planted error, exported, and a file that would lock the administrator out refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ipAdmin } = fixtures();
  const dir = join(RUN_DIR, 'masters-ip-addresses');
  mkdirSync(dir, { recursive: true });
  const fileOf = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const adminContext = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    extraHTTPHeaders: { 'x-forwarded-for': ADMIN_ADDRESS },
  });
  const admin = await adminContext.newPage();
  let token = '';
  try {
    await signInAs(admin, ipAdmin);
    token = await authTokenOf(admin);
    await clearList(adminContext.request, token);

    // 1. Imported from the Import button: the VPN range, and a planted range not written at its start (row 3).
    await admin.goto('/ip-addresses');
    const file = fileOf(
      'ip-addresses.csv',
      csvOf('IpAddresses', [
        { address: '10.0.0.0/8', description: 'Head office VPN' },
        { address: '203.0.113.9/24', description: 'Pune office' },
      ]),
    );
    expect((await importFromMasterList(admin, 'ip', 'IP addresses', file)).status).toBe('SuccessWithError');
    await plantedImportErrorShown(admin, '/import-master-error', 3, [
      'IP address or range',
      '203.0.113.9/24',
      'a /24 range starts at 203.0.113.0/24',
    ]);
    await shot(admin, 'masters-ip-addresses-06-import-errors');

    // 2. The list holds the imported range, and the export reads it back.
    await admin.goto('/ip-addresses');
    await expect(admin.getByTestId('ip-row-10.0.0.0/8')).toContainText('Head office VPN');
    await expect(admin.getByTestId('ip-current-state')).toHaveText(
      'Sign-in is limited to the active entry below. The active list allows it.',
    );
    const { rows } = await exportedRows(admin, 'ip', 'ip-addresses.xlsx');
    expect(rows.map((r) => [r['IP address or range'], r.Description, r.Status])).toEqual([['10.0.0.0/8', 'Head office VPN', 'Active']]);

    // 3. A file that moves sign-in to the office range and deactivates the VPN range the administrator signs in from:
    // the office range is added, the deactivation refused on its row with the reason (the list would leave them out).
    await admin.getByTestId('ip-import').click();
    const lockOut = fileOf(
      'ip-lock-out.csv',
      csvOf('IpAddresses', [
        { address: '10.0.0.0/8', description: 'Head office VPN', status: 'Inactive' },
        { address: '203.0.113.0/24', description: 'Pune office' },
      ]),
    );
    expect((await uploadOnImportScreen(admin, lockOut)).status).toBe('SuccessWithError');
    await plantedImportErrorShown(admin, '/import-master-error', 2, [
      'Status',
      `Deactivating 10.0.0.0/8 would lock you out: it allows ${ADMIN_ADDRESS}, the address you uploaded this file from`,
    ]);
    await shot(admin, 'masters-ip-addresses-07-import-lock-out');
    await admin.goto('/ip-addresses');
    await expect(admin.getByTestId('ip-row-10.0.0.0/8')).toContainText('Active');
    await expect(admin.getByTestId('ip-row-203.0.113.0/24')).toContainText('Pune office');
  } finally {
    if (token) await clearList(adminContext.request, token);
    await adminContext.close();
  }
});
