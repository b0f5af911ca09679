import type { AppModule } from '../../platform/module';
import { routesOf } from '../../platform/module';
import { settingsRoutes } from './settings.routes';
import { subscriberSettingsRoutes } from './subscriber-settings.routes';

/** Login metadata, loadsettings, the rights list and the /settings screen's groups. */
export const settingsModule: AppModule = { name: 'settings', routes: routesOf(settingsRoutes, subscriberSettingsRoutes) };
