import { routesOf, type AppModule } from '../../platform/module';
import { notificationRoutes } from './notifications.routes';
import { publicReplyRoutes } from './public-reply.routes';

/**
 * Notifications to counterparties (issue 21): the buyer's /notifications calls (gst/notification/*); the public
 * reply's routes (public-*.ts) join them here.
 */
export const notificationsModule: AppModule = { name: 'notifications', routes: routesOf(notificationRoutes, publicReplyRoutes) };
