import type { AppModule } from '../../platform/module';
import { documentRoutes } from './document.routes';

/** The document screen: detail, create, edit, drafts, amendments, live validation, HSN/SAC lookup. */
export const documentsModule: AppModule = { name: 'documents', routes: documentRoutes };
