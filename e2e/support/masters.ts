import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_API, type DocumentSaveInput, type UserEntity } from '@opengst/contracts';
import { financialYearOf, gstinCheckCharacter, istDateOf } from '@opengst/domain';
import { authTokenOf } from './journeys';

// The steps every master's journey takes (issue 20): pick an option of a Mantine select, export the list and read the
// file back, and act on one row of a MasterList (its checkbox, then activate / deactivate / delete, confirmed); upload
// a file on /import and wait for its end; make a GSTIN; put a partner or an HSN code in use with a saved invoice.

/** Writes a file the journey uploads under `dir` (the run's folder of the journey) and answers its path. */
export const journeyFile = (dir: string, name: string, text: string): string => {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Types in the list's search box, waits for the list searched with it (not the unfiltered one) and for the row. */
export const searchFor = async (page: Page, testId: string, text: string, rowKey: string): Promise<void> => {
  await Promise.all([
    page.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/search') && (res.request().postData() ?? '').includes(text),
    ),
    page.getByTestId(`${testId}-search`).fill(text),
  ]);
  await expect(page.getByTestId(`${testId}-row-${rowKey}`)).toBeVisible();
};

/** The demo tenant's Mumbai location. */
export const MUMBAI_GSTIN = '27AABCD1234E1Z8';

/** Opens the select with test id `testId` and picks the first option named `option`. */
export const choose = async (page: Page, testId: string, option: string | RegExp): Promise<void> => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
};

export type ExportedSheet = { header: string[]; rows: Record<string, unknown>[] };

/** Clicks the list's Export (`${testId}-export`), checks the file's name, and reads its first sheet back by header. */
export const exportedRows = async (page: Page, testId: string, fileName: string): Promise<ExportedSheet> => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${testId}-export`).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  const header = ((sheet?.getRow(1).values as unknown[] | undefined) ?? []).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet?.eachRow((row, n) => {
    if (n === 1) return;
    // Cells are 1-based; a hole stays undefined.
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((name, i) => [name, values[i]])));
  });
  return { header, rows };
};

/** Ticks the row `${testId}-row-${key}` and runs one of the selection's actions, confirmed. */
export const rowAction = async (page: Page, testId: string, key: string, action: 'activate' | 'deactivate' | 'delete'): Promise<void> => {
  await page.getByTestId(`${testId}-row-${key}`).getByRole('checkbox').check();
  await page.getByTestId(`${testId}-${action}`).click();
  await page.getByTestId(`${testId}-${action}-confirm`).click();
};

/**
 * Uploads the file on /import (its type already chosen, as a master's Import button does) and answers the final status
 * the server gives this import, once the screen's card shows it too (a card of an earlier import may be on screen).
 */
export const uploadOnImportScreen = async (page: Page, path: string): Promise<{ importId: number; status: string }> => {
  await page.getByTestId('import-file').setInputFiles(path);
  const [uploaded] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/import/upload')),
    page.getByTestId('import-upload').click(),
  ]);
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { importId } = ((await uploaded.json()) as { data: { importId: number } }).data;
  const headers = { 'auth-token': await authTokenOf(page) };
  let status = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v0.1/import/statistic/status?importId=${importId}`, { headers });
        status = ((await res.json()) as { data: { status: string } }).data.status;
        return ['Success', 'SuccessWithError', 'Failed'].includes(status);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // The screen polls on its own interval (poolingTime), slower under load than the server's answer above.
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', status, { timeout: 30_000 });
  return { importId, status };
};

/** A GSTIN of the state for the PAN, registration 1, with its check character (the GSTN's algorithm). */
export const gstinOf = (stateCode: string, pan: string): string => {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
};

/** A company PAN (holder type C) unique to `stamp` and the letter `variant`: three letters and four digits of the stamp. */
export const panOf = (stamp: string, variant: string): string => {
  const digits = stamp.replace(/\D/g, '').padStart(7, '0').slice(-7);
  const letters = [...digits.slice(0, 3)].map((d) => String.fromCharCode(65 + Number(d))).join('');
  return `${letters}C${variant}${digits.slice(3)}K`;
};

/**
 * Saves one intra-state tax invoice of the Mumbai location through the document API (as the document screen does), so
 * a business partner's GSTIN or an HSN code is "in use": ₹1,000 at 18%.
 */
export const saveInvoiceThroughApi = async (
  page: Page,
  invoice: { documentNumber: string; counterpartyGstin: string; counterpartyName: string; hsn: string },
): Promise<void> => {
  const headers = { 'auth-token': await authTokenOf(page) };
  const today = istDateOf(new Date());
  const entities = (await (await page.request.get(`/api/v0.1/user/entities?financialYear=${financialYearOf(today)}`, { headers })).json())
    .data as UserEntity[];
  const mumbai = entities.find((e) => e.gstin === MUMBAI_GSTIN);
  expect(mumbai, 'the demo tenant has its Mumbai location').toBeDefined();
  const data: DocumentSaveInput = {
    direction: 'Sales',
    entityId: mumbai?.entityId ?? 0,
    isDraftDocument: false,
    documentType: 'INV',
    documentNumber: invoice.documentNumber,
    documentDate: today,
    counterpartyGstin: invoice.counterpartyGstin,
    counterpartyName: invoice.counterpartyName,
    placeOfSupply: '27',
    isReverseCharge: false,
    items: [{ hsn: invoice.hsn, quantity: 1000, rate: 18000, taxable: 100000, igst: 0, cgst: 9000, sgst: 9000, cess: 0 }],
  };
  const saved = await page.request.post(DOCUMENT_API.save, { headers, data });
  expect(saved.status(), await saved.text()).toBe(200);
};

/** Opens /import from the master's Import button (`${testId}-import`), checks the type chosen, uploads, answers the end. */
export const importFromMasterList = async (page: Page, testId: string, typeName: string, path: string) => {
  await page.getByTestId(`${testId}-import`).click();
  await expect(page).toHaveURL(/\/import\?type=/);
  await expect(page.getByTestId('import-type')).toHaveValue(typeName);
  return uploadOnImportScreen(page, path);
};

/** From the import's card (one valid row) to its error screen `route`: the planted row's number, column and message shown. */
export const plantedImportErrorShown = async (page: Page, route: string, row: number, texts: readonly string[]): Promise<void> => {
  await expect(page.getByTestId('import-valid')).toHaveText('1');
  await page.getByTestId('import-errors-link').click();
  await expect(page).toHaveURL(new RegExp(`${route}\\?importId=\\d+`));
  const errorRow = page.getByTestId(`error-row-${row}`);
  await expect(errorRow).toHaveCount(1);
  for (const text of texts) await expect(errorRow).toContainText(text);
  await expect(page.getByTestId('error-rows')).toHaveText('1');
};
