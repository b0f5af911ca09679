import { count, eq, sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { documents, imports } from '../../db/schema';
import { INTERRUPTED_MESSAGE } from './import-process.service';

const CHILD = fileURLToPath(new URL('./import-crash-child.ts', import.meta.url));

type Line = { ready?: boolean; importId?: number; subscriberId?: number; phase?: 'reading' | 'storing'; rows?: number; done?: boolean };

/** Runs the child import and SIGKILLs it at the phase; answers what it printed before dying. */
const importAndKill = (dataDir: string, killAt: 'reading' | 'storing', rows: number) =>
  new Promise<{ lines: Line[]; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, String(rows)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Line[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
    });
    let killing = false;
    createInterface({ input: child.stdout }).on('line', (text) => {
      const line = JSON.parse(text) as Line;
      lines.push(line);
      if (line.phase === killAt && !killing) {
        killing = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve({ lines, signal }) : reject(new Error(`child ended without being killed: ${stderr}`)),
    );
  });

/** Runs the child import in the mode 'fail'; answers what it printed and its exit code once it ended by itself. */
const importAndFail = (dataDir: string, rows: number) =>
  new Promise<{ lines: Line[]; code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, String(rows), 'fail'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Line[] = [];
    createInterface({ input: child.stdout }).on('line', (text) => lines.push(JSON.parse(text) as Line));
    // Long after the import failed: something of it is still running.
    const stuck = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(stuck);
      if (signal)
        reject(
          new Error(`the child did not end by itself after the import failed (${signal}); it printed ${JSON.stringify(lines.slice(-3))}`),
        );
      else resolve({ lines, code });
    });
  });

/** Restarts the app on the same data folder (as after a crash) and reads what the import left. */
const restartAndRead = async (dataDir: string, importId: number) => {
  const config = readConfig({ LOG_LEVEL: 'silent', JOB_POLL_SECONDS: '0.5' }, ['--data-dir', dataDir]);
  const database = await openDatabase(config);
  const { app } = await buildApp(config, { database });
  try {
    const [row] = await database.db.select().from(imports).where(eq(imports.id, importId));
    const [stored] = await database.db.select({ n: count() }).from(documents).where(eq(documents.importId, importId));
    const tables = (await database.db.execute(
      sql.raw(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'import\\_stage\\_%'`),
    )) as unknown as { rows: unknown[] };
    return { row, stored: stored?.n ?? -1, workTables: tables.rows.length };
  } finally {
    await app.close();
    await database.close();
  }
};

describe('an import killed with SIGKILL', () => {
  // Killed at the first progress report while reading, and inside the storing transaction of 12,000 documents, after
  // they were written and before COMMIT.
  it.each([
    ['reading', 4000],
    ['storing', 12_000],
  ] as const)(
    'while %s is Failed after restart, with none of its documents stored',
    async (phase, rows) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'opengst-crash-'));
      try {
        const { lines, signal } = await importAndKill(dataDir, phase, rows);
        expect(signal).toBe('SIGKILL');
        expect(lines.some((l) => l.done)).toBe(false);
        const importId = lines.find((l) => l.ready)?.importId ?? 0;
        const { row, stored, workTables } = await restartAndRead(dataDir, importId);
        expect(row).toMatchObject({ status: 'Failed', message: INTERRUPTED_MESSAGE });
        expect(stored).toBe(0);
        // The work tables the import was staging into are dropped at the restart.
        expect(workTables).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  // 60,000 rows: more batches than the reader thread may have in flight, so it is still reading when the import fails.
  it('that fails on the main thread while its reader thread reads stops the thread: the process ends by itself', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'opengst-crash-'));
    try {
      const { lines, code } = await importAndFail(dataDir, 60_000);
      expect(code).toBe(0);
      expect(lines.some((l) => l.done)).toBe(true);
      const { row, stored, workTables } = await restartAndRead(dataDir, lines.find((l) => l.ready)?.importId ?? 0);
      expect(row).toMatchObject({ status: 'Failed' });
      expect(stored).toBe(0);
      expect(workTables).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
