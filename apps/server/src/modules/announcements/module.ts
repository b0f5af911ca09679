import type { AppModule } from '../../platform/module';
import { announcementRoutes } from './announcements.routes';

/**
 * Announcements: the public latest updates and the /home bell, the signed-in /announcements with unread marks, and the
 * installation's /manage-announcements. One module for the three route-table modules it serves (public, Dashboard,
 * Administration): they read and write one table.
 */
export const announcementsModule: AppModule = { name: 'announcements', routes: announcementRoutes };
