import {
  SAVE_SETTINGS_GROUP_ENDPOINTS,
  SETTINGS_GROUP_RIGHTS,
  SETTINGS_GROUPS,
  SUBSCRIBER_SETTINGS_ENDPOINTS,
  type RightId,
  type SettingsGroup,
  type SubscriberSettings,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import { computeRightsList, heldRightIds } from '../../platform/rights';
import { clearSubscriberSettingsCache, loadSubscriberSettings, saveSubscriberSettings } from '../../platform/settings/subscriber-settings';

/** The value of one group as stored in the settings: "modules" gathers the top-level module switches. */
const groupValue = (settings: SubscriberSettings, group: SettingsGroup): Record<string, unknown> =>
  group === 'modules' ? { showIMS: settings.showIMS, litigationSync: settings.litigationSync } : { ...settings[group] };

/** The change to merge into the stored settings for one group. */
const changeOf = (group: SettingsGroup, value: Record<string, unknown>): Record<string, unknown> =>
  group === 'modules' ? value : { [group]: value };

const SETTINGS_RIGHTS = [...new Set(Object.values(SETTINGS_GROUP_RIGHTS))] as [RightId, ...RightId[]];

/**
 * The /settings screen's API: the subscriber settings by area, each group saved on its own route behind its own
 * right (SETTINGS_GROUP_RIGHTS), so the route table states which right changes which settings.
 */
export const subscriberSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, SUBSCRIBER_SETTINGS_ENDPOINTS.subscriberSettings, {
    access: { rights: SETTINGS_RIGHTS },
    handler: async (request) => {
      const principal = principalOf(request);
      const [settings, rights] = await Promise.all([
        loadSubscriberSettings(db, principal.subscriberId),
        computeRightsList(db, principal.subscriberId, principal.roleId, ctx.now()),
      ]);
      const held = heldRightIds(rights);
      return {
        groups: SETTINGS_GROUPS.map((group) => ({
          group,
          rightId: SETTINGS_GROUP_RIGHTS[group],
          canEdit: held.has(SETTINGS_GROUP_RIGHTS[group]),
          values: groupValue(settings, group),
        })),
      };
    },
  });

  for (const group of SETTINGS_GROUPS) {
    // The whole group is sent; zod fills what is missing with defaults and refuses anything out of range (422).
    serve(app, SAVE_SETTINGS_GROUP_ENDPOINTS[group], {
      access: { rights: [SETTINGS_GROUP_RIGHTS[group]] },
      handler: async (request) => {
        const principal = principalOf(request);
        const value: Record<string, unknown> = request.body;
        const before = groupValue(await loadSubscriberSettings(db, principal.subscriberId), group);
        const saved = await db.transaction(async (tx) => {
          const after = await saveSubscriberSettings(tx, principal.subscriberId, changeOf(group, value));
          await writeAudit(tx, principal, {
            entityType: 'Settings',
            entityKey: group,
            entityName: group,
            action: 'Update',
            before,
            after: groupValue(after, group),
            ip: request.ip,
          });
          return after;
        });
        clearSubscriberSettingsCache(db, principal.subscriberId);
        return { group, rightId: SETTINGS_GROUP_RIGHTS[group], canEdit: true, values: groupValue(saved, group) };
      },
    });
  }
};
