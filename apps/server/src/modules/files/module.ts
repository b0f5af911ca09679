import type { AppModule } from '../../platform/module';
import { fileCleanupWorker } from './files.jobs';
import { fileRoutes } from './files.routes';

/** Stored files (spec modules §7 file/upload, file/download, file/delete): notice documents, reply attachments. */
export const filesModule: AppModule = { name: 'files', routes: fileRoutes, jobs: (ctx) => [fileCleanupWorker(ctx)] };
