// Child process of import-crash.test.ts: provisions a tenant on a PGlite data folder, stores a large sales CSV as an
// upload, and runs the import, printing one JSON line per progress event. The parent kills it with SIGKILL; or, with
// the mode 'fail', the import fails on the main thread while its reader thread is still reading (its work table of
// rows is dropped at the first progress), and the child must then end by itself: nothing of the import left running.
import { sql } from 'drizzle-orm';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { imports } from '../../db/schema';
import { processImport } from './import-process.service';
import { ensureFinancialYears, provisionSubscriber } from '../../seed/provision';
import { csvOf, headerOf, saleRow } from '../../test-support/import-fixtures';

const [dataDir = '', rowsText = '30000', mode = 'kill'] = process.argv.slice(2);
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const config = readConfig({ LOG_LEVEL: 'silent' }, ['--data-dir', dataDir]);
const database = await openDatabase(config);
await ensureFinancialYears(database.db, new Date());
const tenant = await provisionSubscriber(database.db, {
  name: 'Crash tenant',
  admin: { userName: 'crash-admin', displayName: 'Crash admin', email: 'crash@example.test', password: 'Crash#Test#12345' },
  business: {
    name: 'Crash business',
    pan: 'AAACT1234F',
    locations: [
      { name: 'Delhi', stateCode: '07', entityNumber: '1' },
      { name: 'Chennai', stateCode: '33', entityNumber: '1' },
    ],
  },
});
const rows = Array.from({ length: Number(rowsText) }, (_, n) => saleRow({ documentNumber: `CR/${n + 1}` }));
const storagePath = join('uploads', String(tenant.subscriberId), 'crash.csv');
mkdirSync(join(dataDir, 'uploads', String(tenant.subscriberId)), { recursive: true });
writeFileSync(join(dataDir, storagePath), csvOf([headerOf(), ...rows]));
const [row] = await database.db
  .insert(imports)
  .values({
    subscriberId: tenant.subscriberId,
    importType: 'SalesDocuments',
    fileName: 'crash.csv',
    fileSize: 1,
    fileFormat: 'csv',
    storagePath,
    createdBy: tenant.adminUserId,
  })
  .returning();
say({ ready: true, importId: row?.id, subscriberId: tenant.subscriberId });
// 'storing' comes inside the file's transaction, with its documents written but not committed: the child then holds
// still (blocking its only thread, as a stuck process would) so the parent's SIGKILL lands before COMMIT.
const holdStill = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
// Read in a reader thread, as a large file is (the kill ends it with the process).
let failed = false;
await processImport({ db: database.db, dataDir, now: () => new Date(), readerThreadBytes: 0 }, row?.id ?? 0, async (phase, count) => {
  say({ phase, rows: count });
  if (mode === 'fail' && !failed) {
    failed = true;
    await database.db.execute(sql.raw(`DROP TABLE import_stage_${row?.id}_rows`));
  }
  if (phase === 'storing') holdStill(30_000);
});
say({ done: true });
await database.close();
