// Shared pieces of the import tests: rows in the documented column order, csv/xlsx writers, upload and wait.
import { FINAL_IMPORT_STATUSES, HEADERS, IMPORT_API, IMPORT_COLUMNS, type ImportProgress, type ImportType } from '@opengst/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rowsOf, type Db } from '../db/database';
import { imports } from '../db/schema';
import { processImport, type ImportDeps, type ImportObserver } from '../modules/import/import-process.service';
import { gstinFor, TENANT_PAN } from './org-fixtures';
import type { Harness, Tenant } from './harness';

export const DELHI_GSTIN = gstinFor('07', TENANT_PAN, '1');
export const CHENNAI_GSTIN = gstinFor('33', TENANT_PAN, '1');
export const CUSTOMER_GSTIN = gstinFor('33', 'AAACB5678B', '1');
export const SUPPLIER_GSTIN = gstinFor('27', 'AAACS4321K', '1');

const SALES = IMPORT_COLUMNS.SalesDocuments;
export const headerOf = (importType: ImportType = 'SalesDocuments') => IMPORT_COLUMNS[importType].map((c) => c.name);

/** One item line of an inter-State sale from Delhi to Chennai: ₹1,000.50 at 18% IGST. */
export const saleRow = (values: Record<string, string> = {}, importType: ImportType = 'SalesDocuments'): string[] => {
  const base: Record<string, string> = {
    locationGstin: DELHI_GSTIN,
    documentType: 'INV',
    documentNumber: 'INV/001',
    documentDate: '15-04-2024',
    counterpartyGstin: CUSTOMER_GSTIN,
    counterpartyName: 'Bharat Traders',
    placeOfSupply: '33',
    supplyType: '',
    reverseCharge: 'N',
    originalDocumentNumber: '',
    originalDocumentDate: '',
    hsn: '84713010',
    description: 'Laptop',
    uqc: 'NOS',
    quantity: '1',
    taxable: '1000.50',
    rate: '18',
    igst: '180.09',
    cgst: '0',
    sgst: '0',
    cess: '0',
    itcEligibility: 'Inputs',
  };
  const merged = { ...base, ...values };
  return (importType === 'SalesDocuments' ? SALES : IMPORT_COLUMNS[importType]).map((c) => merged[c.key] ?? '');
};

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
export const csvOf = (rows: readonly (readonly string[])[]): string => `${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;

/** A CSV of the import type's template: its headers, then each row's values by column key (blank where absent). */
export const templateCsv = (importType: ImportType, rows: readonly Record<string, string>[]): string => {
  const columns = IMPORT_COLUMNS[importType];
  return csvOf([columns.map((c) => c.name), ...rows.map((r) => columns.map((c) => r[c.key] ?? ''))]);
};

export const xlsxOf = async (rows: readonly (readonly unknown[])[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/**
 * A cell as the tests compare it: a date cell as YYYY-MM-DD, or YYYY-MM-DDTHH:mm:ss when it has a time (rounded to
 * the second: Excel keeps a time as a fraction of a day).
 */
const xlsxCellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date)
    return new Date(Math.round(v.getTime() / 1000) * 1000)
      .toISOString()
      .slice(0, 19)
      .replace(/T00:00:00$/, '');
  return String(v);
};

export const readXlsx = async (body: Buffer, sheetIndex = 0): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[sheetIndex]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(xlsxCellText)));
  return rows;
};

export const multipartBody = (fileName: string, content: Buffer, fields: Record<string, string> = {}) => {
  const boundary = '----opengst-import-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** POST import/upload with the import type as a form field (sent before the file). */
export const upload = (
  h: Harness,
  token: string,
  fileName: string,
  content: Buffer | string,
  importType: ImportType = 'SalesDocuments',
  extra: Record<string, string> = {},
) => {
  const body = multipartBody(fileName, typeof content === 'string' ? Buffer.from(content) : content, { importType, ...extra });
  return h.app.inject({
    method: 'POST',
    url: IMPORT_API.upload,
    payload: body.payload,
    headers: { ...body.headers, [HEADERS.authToken]: token },
  });
};

/** Polls import/statistic/status as the screen does, until a final status. */
export const waitForImport = async (h: Harness, token: string, importId: number, timeoutMs = 30_000): Promise<ImportProgress> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.app.inject({
      method: 'GET',
      url: IMPORT_API.statisticStatus,
      query: { importId: String(importId) },
      headers: { [HEADERS.authToken]: token },
    });
    const progress = res.json().data as ImportProgress;
    if (FINAL_IMPORT_STATUSES.includes(progress.status)) return progress;
    if (Date.now() > until) throw new Error(`import ${importId} still ${progress.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Uploads and waits; fails the test when the upload itself is refused. */
export const importFile = async (
  h: Harness,
  token: string,
  fileName: string,
  content: Buffer | string,
  importType: ImportType = 'SalesDocuments',
) => {
  const res = await upload(h, token, fileName, content, importType);
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.body}`);
  const { importId } = res.json().data as { importId: number };
  return { importId, progress: await waitForImport(h, token, importId) };
};

/** Work tables of imports (import_stage_*) still in the database. */
export const workTableCount = async (db: Db): Promise<number> =>
  Number(
    (await rowsOf<{ n: unknown }>(db, sql.raw(`SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE 'import\\_stage\\_%'`)))[0]?.n,
  );

/**
 * Imports sales rows as a CSV through the real job, called directly (no upload, no queue), with the tuning of `deps`;
 * answers the import's final row. The file goes to `dataDir`/uploads.
 */
export const importCsvDirectly = async (
  db: Db,
  tenant: Tenant,
  dataDir: string,
  name: string,
  rows: readonly (readonly string[])[],
  { deps = {}, isAllOrNothing = false, observe }: { deps?: Partial<ImportDeps>; isAllOrNothing?: boolean; observe?: ImportObserver } = {},
) => {
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', name), csvOf([headerOf(), ...rows]));
  const [job] = await db
    .insert(imports)
    .values({
      subscriberId: tenant.subscriberId,
      importType: 'SalesDocuments',
      fileName: name,
      fileSize: 1,
      fileFormat: 'csv',
      storagePath: `uploads/${name}`,
      createdBy: tenant.adminUserId,
      isAllOrNothing,
    })
    .returning();
  await processImport({ db, dataDir, now: () => new Date(), ...deps }, job?.id ?? 0, observe);
  const [final] = await db
    .select()
    .from(imports)
    .where(eq(imports.id, job?.id ?? 0));
  return final as typeof imports.$inferSelect;
};
