// A benchmark run in child processes of its own, once per engine, so that each child's peak RSS is its own work's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forEachEngine, scratchPostgres, type Engine } from './engines';

/** What the first child is given: the engine and where its database is. */
export type EngineState = { engine: Engine; dataDir: string; databaseUrl?: string };

/** A child's role; `run` answers the state for the children after it, or nothing to leave it as it is. */
type ChildRole<S extends EngineState> = { role: string; nodeFlags?: readonly string[]; run: (state: S) => Promise<S | void> };

const ROLE = 'OPENGST_BENCH_CHILD_ROLE';
const STATE = 'OPENGST_BENCH_CHILD_STATE';

/**
 * Runs the benchmark in `file` (its import.meta.url) in child processes. In the parent: on the engines forEachEngine
 * picks (PostgreSQL in a database of its own, dropped afterwards); per engine, a data directory of its own and `file` run again once per
 * child role, in order (its arguments and Node's flags, with the role's own), the state passed in a JSON file. In a
 * child: runs its role and exits.
 */
export const runInChildren = async <S extends EngineState>(options: {
  bench: string;
  file: string;
  engine: string;
  roles: readonly ChildRole<S>[];
}): Promise<void> => {
  const { bench, file, roles } = options;
  const child = roles.find((r) => r.role === process.env[ROLE]);
  if (child) {
    const stateFile = process.env[STATE]!;
    const next = await child.run(JSON.parse(readFileSync(stateFile, 'utf8')) as S);
    if (next) writeFileSync(stateFile, JSON.stringify(next));
    process.exit(0);
  }

  const runEngine = async (engine: Engine, databaseUrl?: string): Promise<void> => {
    const dataDir = mkdtempSync(join(tmpdir(), `opengst-bench-${bench}-`));
    const scratch = databaseUrl ? await scratchPostgres(databaseUrl) : undefined;
    const stateFile = join(dataDir, 'bench-state.json');
    try {
      const state: EngineState = { engine, dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) };
      writeFileSync(stateFile, JSON.stringify(state));
      for (const { role, nodeFlags = [] } of roles) {
        const run = spawnSync(process.execPath, [...process.execArgv, ...nodeFlags, fileURLToPath(file), ...process.argv.slice(2)], {
          stdio: 'inherit',
          env: { ...process.env, [ROLE]: role, [STATE]: stateFile },
        });
        if (run.status !== 0) throw new Error(`the ${role} child ended with ${run.status ?? run.signal}`);
      }
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  await forEachEngine(bench, options.engine, runEngine);
};
