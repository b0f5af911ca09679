// `npm run bench -- import [--rows 1000000] [--xlsx-rows 100000] [--seed 42] [--only pglite|postgres]`
// Imports a deterministic sales CSV (1,000,000 rows) and XLSX (100,000 rows) through the real pipeline (processImport
// on a real database with a provisioned subscriber) into PGlite, and into PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set. 2% of the rows are planted invalid (six kinds), and some documents have their rows apart in the
// file. Each case runs in a child process of its own so its peak RSS is its own; it prints one JSON line with rows per
// second, peak RSS, wall seconds and the ratio to a raw COPY of the same rows measured in the same run: the documents
// and items the import stored, in their final shape, COPY-loaded back into the same tables with their indexes (the
// storage floor). It also prints the ratio to the CSV's text COPY-loaded into a plain table of text columns without
// indexes, the database's bare COPY speed; the floor alone is 6.5-7 times that, so a ratio of 4 is not reachable
// against it by any pipeline that keeps the register's indexes. It checks that every planted row is reported, none
// stored, and the stored counts are exact.
import { IMPORT_COLUMNS } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { and, count, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { copyIn, openDatabase, rowsOf, type Database } from '../apps/server/src/db/database';
import { documentItems, documents, entities, importErrors, imports } from '../apps/server/src/db/schema';
import { processImport } from '../apps/server/src/modules/import/import-process.service';
import { saveSubscriberSettings } from '../apps/server/src/platform/settings/subscriber-settings';
import { ensureFinancialYears, provisionSubscriber } from '../apps/server/src/seed/provision';
import { prng } from './support/prng';

const here = dirname(fileURLToPath(import.meta.url));
const OUTPUT = join(here, 'output');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const numberArg = (name: string, fallback: number): number => {
  const v = Number(arg(name));
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const CSV_ROWS = numberArg('rows', 1_000_000);
const XLSX_ROWS = numberArg('xlsx-rows', 100_000);
const SEED = numberArg('seed', 42);
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
/** The day the import runs on (the validation's "today"): every generated date is before it. */
const TODAY = new Date('2025-06-15T10:00:00Z');
const PAN = 'AAACT1234F';
const TARGETS = { csvSeconds: { pglite: 90, postgres: 60 }, xlsxSeconds: 20, ratio: 4, peakRssMb: 1536 };

const gstin = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};
const DELHI = gstin('07', PAN);
const CHENNAI = gstin('33', PAN);
const NOT_OURS = gstin('27', PAN);

/** What the generator planted, for the checks. */
type Plan = { rows: number; documents: number; validDocuments: number; validRows: number; plantedRows: number[]; splitDocuments: number };
type Row = string[];

const COLUMN_KEYS = IMPORT_COLUMNS.SalesDocuments.map((c) => c.key);
const HEADER = IMPORT_COLUMNS.SalesDocuments.map((c) => c.name);
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * Sales documents of 1 to 3 lines from Delhi or Chennai to 400 customers (a tenth to unregistered persons), dated
 * April-May 2025. About 2% of the rows are planted invalid, each as a one-line document "X/<n>" (bad amount, bad date,
 * a location that is not the subscriber's, wrong IGST, bad rate, a formula cell). One document in 200 has its last
 * line moved 50 rows further down the file.
 */
function* generate(total: number, seed: number, plan: Plan): Generator<Row> {
  const rand = prng(seed);
  const states = ['07', '33', '27', '29', '24', '09', '19', '36'];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const customers = Array.from({ length: 400 }, () => {
    let pan = '';
    for (let i = 0; i < 3; i++) pan += letters.charAt(Math.floor(rand() * 26));
    pan += `C${letters.charAt(Math.floor(rand() * 26))}${String(Math.floor(rand() * 10000)).padStart(4, '0')}${letters.charAt(Math.floor(rand() * 26))}`;
    return gstin(states[Math.floor(rand() * states.length)] ?? '27', pan);
  });
  const rates = [5, 12, 18, 28];
  const descriptions = ['Laptop', 'Mouse\twith "tab"', 'Cable, 2 m', 'Chair — ergonomic', 'Paper \\ A4', 'Toner'];
  const held: { at: number; row: Row }[] = [];
  let emitted = 0;
  let n = 0;
  const value = (values: Record<string, string>): Row => COLUMN_KEYS.map((k) => values[k] ?? '');
  while (emitted < total) {
    while (held[0] && held[0].at <= emitted && emitted < total) {
      emitted++;
      yield (held.shift() as { row: Row }).row;
    }
    if (emitted >= total) break;
    n++;
    const location = rand() < 0.5 ? DELHI : CHENNAI;
    const unregistered = rand() < 0.1;
    const customer = customers[Math.floor(rand() * customers.length)] ?? '';
    const pos = unregistered ? location.slice(0, 2) : customer.slice(0, 2);
    const intra = pos === location.slice(0, 2);
    const date = `${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}-0${4 + Math.floor(rand() * 2)}-2025`;
    const planted = rand() < 0.02 && total - emitted > 1;
    const lines = planted ? 1 : Math.min(1 + Math.floor(rand() * 3), total - emitted);
    const docRows: Row[] = [];
    for (let l = 0; l < lines; l++) {
      const taxable = 100 + Math.floor(rand() * 5_000_000);
      const rate = rates[Math.floor(rand() * rates.length)] ?? 18;
      const half = Math.round((taxable * rate) / 200);
      const igst = Math.round((taxable * rate) / 100);
      const values: Record<string, string> = {
        locationGstin: location,
        documentType: 'INV',
        documentNumber: `${planted ? 'X' : 'B'}/${n}`,
        documentDate: date,
        counterpartyGstin: unregistered ? '' : customer,
        counterpartyName: unregistered ? '' : `Customer ${customer.slice(2, 7)}`,
        placeOfSupply: pos,
        supplyType: unregistered ? 'B2C' : '',
        reverseCharge: 'N',
        hsn: '84713010',
        description: descriptions[Math.floor(rand() * descriptions.length)] ?? '',
        uqc: 'NOS',
        quantity: String(1 + Math.floor(rand() * 20)),
        taxable: rupees(taxable),
        rate: String(rate),
        igst: intra ? '0' : rupees(igst),
        cgst: intra ? rupees(half) : '0',
        sgst: intra ? rupees(half) : '0',
        cess: '0',
      };
      if (planted) {
        const kind = Math.floor(rand() * 6);
        if (kind === 0) values.taxable = `${rupees(taxable)}5`;
        else if (kind === 1) values.documentDate = '31-02-2025';
        else if (kind === 2) values.locationGstin = NOT_OURS;
        else if (kind === 3) values[intra ? 'cgst' : 'igst'] = rupees(half * 3 + 10_000);
        else if (kind === 4) values.rate = 'eighteen';
        else values.taxable = `=${rupees(taxable)}*1`;
      }
      docRows.push(value(values));
    }
    plan.documents++;
    if (!planted) {
      plan.validDocuments++;
      plan.validRows += lines;
    }
    // One document in 200 with several lines: its last line comes 50 rows later.
    const apart = lines > 1 && rand() < 0.005 && total - emitted - lines > 60;
    const later = apart ? docRows.pop() : undefined;
    for (const row of docRows) {
      emitted++;
      if (planted) plan.plantedRows.push(emitted + 1);
      yield row;
    }
    if (later) {
      plan.splitDocuments++;
      held.push({ at: emitted + 50, row: later });
    }
  }
  plan.rows = emitted;
}

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Writes the CSV (and the XLSX) once per size and seed; the plan goes next to them. */
const ensureFiles = async (rows: number, kind: 'csv' | 'xlsx'): Promise<{ path: string; csvPath: string; plan: Plan }> => {
  mkdirSync(OUTPUT, { recursive: true });
  const base = join(OUTPUT, `import-sales-${rows}-seed${SEED}`);
  const csvPath = `${base}.csv`;
  const planPath = `${base}.plan.json`;
  if (!existsSync(csvPath) || !existsSync(planPath)) {
    const plan: Plan = { rows: 0, documents: 0, validDocuments: 0, validRows: 0, plantedRows: [], splitDocuments: 0 };
    const out = createWriteStream(`${csvPath}.part`);
    let buffer = `${HEADER.map(csvCell).join(',')}\r\n`;
    for (const row of generate(rows, SEED, plan)) {
      buffer += `${row.map(csvCell).join(',')}\r\n`;
      if (buffer.length > 1 << 20) {
        if (!out.write(buffer)) await once(out, 'drain');
        buffer = '';
      }
    }
    out.end(buffer);
    await once(out, 'finish');
    renameSync(`${csvPath}.part`, csvPath);
    writeFileSync(planPath, JSON.stringify(plan));
  }
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as Plan;
  if (kind === 'csv') return { path: csvPath, csvPath, plan };
  const xlsxPath = `${base}.xlsx`;
  if (!existsSync(xlsxPath)) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: `${xlsxPath}.part`, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Data');
    const lines = createInterface({ input: createReadStream(csvPath), crlfDelay: Infinity });
    for await (const text of lines) sheet.addRow(parseCsvLine(text)).commit();
    sheet.commit();
    await workbook.commit();
    renameSync(`${xlsxPath}.part`, xlsxPath);
  }
  return { path: xlsxPath, csvPath, plan };
};

/** The generator's CSV lines have no line breaks inside cells, so a line is a row. */
const parseCsvLine = (text: string): string[] => {
  const cells: string[] = [];
  let at = 0;
  while (at <= text.length) {
    if (text[at] === '"') {
      let cell = '';
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        cell += text.slice(at, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          at = quote + 2;
        } else {
          at = quote + 2;
          break;
        }
      }
      cells.push(cell);
    } else {
      const comma = text.indexOf(',', at);
      const end = comma < 0 ? text.length : comma;
      cells.push(text.slice(at, end));
      at = end + 1;
    }
  }
  return cells;
};

/** A fresh database of the engine with a provisioned subscriber (Delhi and Chennai). */
const openEngine = async (engine: 'pglite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-import-'));
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const name = `opengst_bench_${process.pid}_${Date.now() % 100000}`;
    const admin = postgres(POSTGRES_URL ?? '', { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const s = postgres(POSTGRES_URL ?? '', { max: 1, onnotice: () => {} });
      await s.unsafe(`drop database if exists ${name} with (force)`);
      await s.end();
    };
  }
  const database: Database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  await ensureFinancialYears(database.db, TODAY);
  const tenant = await provisionSubscriber(database.db, {
    name: 'Bench tenant',
    admin: { userName: 'bench-admin', displayName: 'Bench admin', email: 'bench@example.test', password: 'Bench#Import#12345' },
    business: {
      name: 'Bench business',
      pan: PAN,
      locations: [
        { name: 'Delhi', stateCode: '07', entityNumber: '1' },
        { name: 'Chennai', stateCode: '33', entityNumber: '1' },
      ],
    },
  });
  const gstins = (
    await database.db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.subscriberId, tenant.subscriberId))
  ).map((e) => e.gstin);
  if (!gstins.includes(DELHI) || !gstins.includes(CHENNAI))
    throw new Error(`provisioned GSTINs ${gstins.join(', ')} are not the generator's`);
  await saveSubscriberSettings(database.db, tenant.subscriberId, { importValidation: { maxRows: Math.max(CSV_ROWS, XLSX_ROWS) } });
  return {
    database,
    databaseUrl,
    dataDir,
    tenant,
    close: async () => {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The database's bare COPY speed: the same rows, as the CSV's text, COPY-loaded into a plain table of text columns. */
const textCopySeconds = async (database: Database, csvPath: string): Promise<number> => {
  const columns = COLUMN_KEYS.map((_, i) => `c${i}`);
  await database.db.execute(sql.raw(`CREATE TABLE bench_raw_rows (${columns.map((c) => `${c} text`).join(', ')})`));
  const started = performance.now();
  const copy = await copyIn(database.db, 'bench_raw_rows', columns, 'WITH (FORMAT csv)');
  let header = true;
  let batch = '';
  for await (const text of createInterface({ input: createReadStream(csvPath), crlfDelay: Infinity })) {
    if (header) {
      header = false;
      continue;
    }
    batch += `${text}\n`;
    if (batch.length > 1 << 16) {
      await copy.write(batch);
      batch = '';
    }
  }
  await copy.write(batch);
  await copy.end();
  const seconds = (performance.now() - started) / 1000;
  await database.db.execute(sql.raw('DROP TABLE bench_raw_rows'));
  return seconds;
};

/**
 * A table's rows in COPY's text format, written to a file. On PostgreSQL through a connection of its own: postgres.js
 * 3.4 can leave a connection's socket paused after a COPY TO (CopyData and CopyDone in one chunk, the stream's push
 * refused: porsager/postgres#499, fix proposed in #1016), and the next query on that pooled connection waits forever.
 */
const copyOutToFile = async (env: { database: Database; databaseUrl: string | undefined }, table: string, path: string): Promise<void> => {
  if (!env.databaseUrl) {
    const client = (env.database.db as unknown as { $client: { query: (q: string) => Promise<{ blob?: Blob }> } }).$client;
    const { blob } = await client.query(`COPY ${table} TO '/dev/blob'`);
    if (!blob) throw new Error(`COPY ${table} TO '/dev/blob' returned no data`);
    writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
    return;
  }
  const client = postgres(env.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const file = createWriteStream(path);
    for await (const chunk of await client.unsafe(`COPY ${table} TO STDOUT`).readable()) if (!file.write(chunk)) await once(file, 'drain');
    file.end();
    await once(file, 'finish');
  } finally {
    await client.end();
  }
};

/**
 * The reference, the storage floor: the rows the import stored, already in their final shape, COPY-loaded back into
 * the emptied documents and document_items with their indexes and triggers, as the import found them. No pipeline
 * that keeps the register's indexes can store the file faster; the import's ratio to it is the pipeline's own cost
 * (reading, validating, staging, matching documents already stored).
 */
const storageFloorSeconds = async (env: { database: Database; databaseUrl: string | undefined; dataDir: string }): Promise<number> => {
  const { database, dataDir: dir } = env;
  const tables = ['documents', 'document_items'];
  for (const table of tables) await copyOutToFile(env, table, join(dir, `${table}.copy`));
  await database.db.execute(sql.raw('TRUNCATE document_items, documents CASCADE'));
  const started = performance.now();
  for (const table of tables) {
    const columns = (
      await rowsOf<{ name: string }>(
        database.db,
        sql`SELECT column_name AS name FROM information_schema.columns WHERE table_name = ${table} ORDER BY ordinal_position`,
      )
    ).map((c) => c.name);
    const copy = await copyIn(database.db, table, columns);
    // Whole lines in each write: on PGlite each blob is a COPY statement of its own.
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(join(dir, `${table}.copy`), { highWaterMark: 1 << 20 })) {
      const bytes = Buffer.concat([rest, chunk as Buffer]);
      const end = bytes.lastIndexOf(10) + 1;
      await copy.write(bytes.subarray(0, end));
      rest = bytes.subarray(end);
    }
    await copy.end();
  }
  return (performance.now() - started) / 1000;
};

/** One case, in this (child) process: prints its JSON line. */
const runCase = async (engine: 'pglite' | 'postgres', kind: 'csv' | 'xlsx') => {
  const rows = kind === 'csv' ? CSV_ROWS : XLSX_ROWS;
  const { path, csvPath, plan } = await ensureFiles(rows, kind);
  const env = await openEngine(engine);
  try {
    const { db } = env.database;
    const textSeconds = await textCopySeconds(env.database, csvPath);
    const uploads = join(env.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    const storagePath = relative(env.dataDir, join(uploads, `bench.${kind}`));
    copyFileSync(path, join(env.dataDir, storagePath));
    const [job] = await db
      .insert(imports)
      .values({
        subscriberId: env.tenant.subscriberId,
        importType: 'SalesDocuments',
        fileName: `bench.${kind}`,
        fileSize: statSync(path).size,
        fileFormat: kind,
        storagePath,
        createdBy: env.tenant.adminUserId,
      })
      .returning();
    const importId = job?.id ?? 0;
    const load1m = loadavg()[0] ?? 0;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    // The last progress of the read, and the end of the store (inside the file's transaction): the phases' split.
    let lastRead = started;
    let stored = started;
    await processImport({ db, dataDir: env.dataDir, now: () => TODAY }, importId, (phase) => {
      if (phase === 'reading') lastRead = performance.now();
      else stored = performance.now();
    });
    const seconds = (performance.now() - started) / 1000;
    const phases = {
      readSeconds: Number(((lastRead - started) / 1000).toFixed(2)),
      afterReadToStoredSeconds: Number(((stored - lastRead) / 1000).toFixed(2)),
    };
    const cpu = process.cpuUsage(cpu0);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

    const [final] = await db.select().from(imports).where(eq(imports.id, importId));
    const errorRows = new Set(
      (
        await db
          .selectDistinct({ row: importErrors.rowNumber })
          .from(importErrors)
          .where(and(eq(importErrors.importId, importId), eq(importErrors.type, 'Error')))
      ).map((e) => e.row),
    );
    const planted = new Set(plan.plantedRows);
    const unreported = plan.plantedRows.filter((r) => !errorRows.has(r));
    const unexpected = [...errorRows].filter((r) => !planted.has(r));
    const [storedDocs] = await db.select({ n: count() }).from(documents).where(eq(documents.importId, importId));
    const [storedItems] = await db
      .select({ n: count() })
      .from(documentItems)
      .innerJoin(documents, eq(documents.id, documentItems.documentId))
      .where(eq(documents.importId, importId));
    const [plantedStored] = await db
      .select({ n: count() })
      .from(documents)
      .where(sql`${documents.documentNumber} LIKE 'X/%'`);
    const checks = {
      status: final?.status === 'SuccessWithError',
      everyPlantedRowReported: unreported.length === 0,
      noOtherRowReported: unexpected.length === 0,
      noPlantedRowStored: plantedStored?.n === 0,
      documentsExact: storedDocs?.n === plan.validDocuments,
      itemsExact: storedItems?.n === plan.validRows,
    };
    const floorSeconds = await storageFloorSeconds(env);
    const timeTarget = kind === 'csv' ? TARGETS.csvSeconds[engine] : TARGETS.xlsxSeconds;
    const ratio = seconds / floorSeconds;
    const missed = [
      ...(seconds > timeTarget ? [`seconds ≤ ${timeTarget}`] : []),
      ...(kind === 'csv' && ratio > TARGETS.ratio ? [`ratio ≤ ${TARGETS.ratio}`] : []),
      ...(peakRssMb > TARGETS.peakRssMb ? [`peak RSS ≤ ${TARGETS.peakRssMb} MB`] : []),
      ...Object.entries(checks)
        .filter(([, ok]) => !ok)
        .map(([name]) => `check ${name}`),
    ];
    console.log(
      JSON.stringify({
        bench: 'import',
        case: `${engine}-${kind}-${rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${rows / 1000}k`}`,
        seconds: Number(seconds.toFixed(2)),
        ratio: Number(ratio.toFixed(2)),
        reference:
          'raw COPY of the same rows, as the stored documents and items, into the same emptied tables (indexes and triggers kept up)',
        peakRssMb,
        metrics: {
          rows: plan.rows,
          rowsPerSecond: Math.round(plan.rows / seconds),
          phases,
          referenceSeconds: Number(floorSeconds.toFixed(2)),
          textCopySeconds: Number(textSeconds.toFixed(2)),
          ratioToTextCopy: Number((seconds / textSeconds).toFixed(2)),
          textCopy: 'the CSV rows COPY-loaded into a plain table of text columns, no indexes',
          cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
          status: final?.status,
          validRows: final?.validRows,
          errorRows: final?.errorRows,
          plantedRows: plan.plantedRows.length,
          reportedRows: errorRows.size,
          unreported: unreported.slice(0, 10),
          unexpected: unexpected.slice(0, 10),
          documentsStored: storedDocs?.n,
          documentsExpected: plan.validDocuments,
          itemsStored: storedItems?.n,
          itemsExpected: plan.validRows,
          splitDocuments: plan.splitDocuments,
          checks,
          targets: { seconds: timeTarget, ratio: kind === 'csv' ? TARGETS.ratio : null, peakRssMb: TARGETS.peakRssMb },
          targetMet: missed.length === 0,
          missed,
          loadAverage1m: Number(load1m.toFixed(2)),
          loadAverageAfter1m: Number((loadavg()[0] ?? 0).toFixed(2)),
        },
      }),
    );
  } finally {
    await env.close();
  }
};

const only = arg('only');
const caseArg = arg('case');
if (caseArg) {
  const [engine, kind] = caseArg.split('-') as ['pglite' | 'postgres', 'csv' | 'xlsx'];
  await runCase(engine, kind);
} else {
  // Files first (not timed), then each case in a child process of its own.
  await ensureFiles(CSV_ROWS, 'csv');
  await ensureFiles(XLSX_ROWS, 'xlsx');
  for (const engine of ['pglite', 'postgres'] as const) {
    if (only && only !== engine) continue;
    for (const kind of ['csv', 'xlsx'] as const) {
      const rows = kind === 'csv' ? CSV_ROWS : XLSX_ROWS;
      if (engine === 'postgres' && !POSTGRES_URL) {
        console.log(
          JSON.stringify({
            bench: 'import',
            case: `postgres-${kind}-${rows}`,
            skipped: 'set TEST_DATABASE_URL or DATABASE_URL to run on PostgreSQL',
          }),
        );
        continue;
      }
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2), '--case', `${engine}-${kind}`],
        { stdio: 'inherit' },
      );
      if (child.status !== 0)
        console.log(JSON.stringify({ bench: 'import', case: `${engine}-${kind}-${rows}`, failed: `exit ${child.status ?? child.signal}` }));
    }
  }
}
