import type { AppModule } from '../../platform/module';
import { workerOf } from '../../platform/jobs/job';
import { IMPORT_JOB } from './import.jobs';
import { processImport, recoverInterruptedImports } from './import-process.service';
import { importRoutes } from './import.routes';

/** Uploads, templates, progress and errors of every import type; the import job reads and stores one file. */
export const importModule: AppModule = {
  name: 'import',
  routes: importRoutes,
  jobs: (ctx) => {
    const deps = {
      db: ctx.database.db,
      app: ctx,
      dataDir: ctx.config.dataDir,
      now: ctx.now,
      hsnDirectoryFile: ctx.config.hsnDirectoryFile,
    };
    // Imports a dead process left InProcess are closed as Failed before the worker starts.
    return [
      workerOf(
        IMPORT_JOB,
        ({ importId, ip }) => processImport(deps, importId, undefined, ip),
        async () => void (await recoverInterruptedImports(deps.db, deps.now())),
      ),
    ];
  },
};
