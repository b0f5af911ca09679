import { describe, expect, it } from 'vitest';
import { RIGHT_IDS, RIGHT_MODULES, RIGHTS } from './rights';
import { ROUTES } from './routes';
import { SETTINGS_GROUP_RIGHTS } from './settings/subscriber-settings.schemas';

describe('the rights catalogue', () => {
  it('has unique ids and names', () => {
    expect(new Set(RIGHT_IDS).size).toBe(RIGHTS.length);
    expect(new Set(RIGHTS.map((r) => r.name)).size).toBe(RIGHTS.length);
  });

  it('gates every signed-in route of both spec documents with rights that exist', () => {
    const ids = new Set<string>(RIGHT_IDS);
    // Pages every signed-in user reaches whatever their role: where the guard sends a user without rights or locations.
    const openToAnySignedIn = new Set(['NoLocation', 'NoRightsAssigned', 'Announcements']);
    for (const route of ROUTES.filter((r) => r.requiresAuth)) {
      if (!openToAnySignedIn.has(route.name)) expect(route.rights.length, route.path).toBeGreaterThan(0);
      for (const rightId of route.rights) expect(ids.has(rightId), `${route.path}: ${rightId}`).toBe(true);
      if (route.kbRight) expect(ids.has(route.kbRight), `${route.path}: ${route.kbRight}`).toBe(true);
    }
  });

  it('gives every module at least one right and every right a known module', () => {
    for (const module of RIGHT_MODULES)
      expect(
        RIGHTS.some((r) => r.module === module),
        module,
      ).toBe(true);
    for (const right of RIGHTS) expect(RIGHT_MODULES).toContain(right.module);
  });

  it('has its own right for actions that need one: file, approve, delete, export', () => {
    for (const id of [
      'Gstr1File',
      'Gstr3bFile',
      'Gstr6File',
      'Gstr7File',
      'Gstr8File',
      'Gstr9File',
      'Itc04File',
      'DocumentApprove',
      'DocumentDelete',
      'EntityDelete',
      'UserDelete',
      'RoleDelete',
      'LitigationDelete',
      'NotificationsDelete',
      'EntityExport',
      'UserExport',
      'SalesExport',
      'PurchaseExport',
      'ReportsExport',
      'NotificationsExport',
    ]) {
      expect(RIGHT_IDS, id).toContain(id);
    }
  });

  it('puts each settings group behind a right of the Settings module that also opens /settings', () => {
    const settingsRoute = ROUTES.find((r) => r.path === '/settings');
    for (const rightId of Object.values(SETTINGS_GROUP_RIGHTS)) {
      expect(RIGHTS.find((r) => r.id === rightId)?.module).toBe('Settings');
      expect(settingsRoute?.rights).toContain(rightId);
    }
  });
});
