import type { AppModule } from '../../platform/module';
import { fileRoutes } from './files.routes';

/** Stored files (spec modules §7 file/upload, file/download, file/delete): notice documents, reply attachments. */
export const filesModule: AppModule = { name: 'files', routes: fileRoutes };
