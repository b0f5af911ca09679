import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './errors';
import { RIGHTS } from './rights';
import { ROUTES } from './routes';
import { InstallationSettingsSchema, SubscriberSettingsSchema } from './settings/settings.schemas';
import { SIDEBAR, type SidebarItem } from './sidebar';

describe('route table', () => {
  it('names and paths are unique', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('holds the routes of spec core §2 and modules §2 with their exact paths', () => {
    const paths = new Set<string>(ROUTES.map((r) => r.path));
    const spec = [
      '/login',
      '/forgot-password',
      '/reset-password',
      '/login-change-password',
      '/validate',
      '/website-policy',
      '/terms-conditions',
      '/privacy-policy',
      '/hsn-codes-master',
      '/unauthorized-access',
      '/404',
      '/redirect',
      '/no-location',
      '/no-rights-assigned',
      '/under-maintenance',
      '/initialize',
      '/portal-redirect',
      '/logout',
      '/quick-access-and-statistics',
      '/announcements',
      '/e-invoice',
      '/einvoice-via-pdf-qrcode',
      '/regular-returns-list',
      '/regular-overview',
      '/regular-purchase',
      '/regular-sales',
      '/gstr-1',
      '/gstr-1a',
      '/gstr-2x',
      '/gstr-3b',
      '/itc-04',
      '/gstr-9',
      '/gstr-9c',
      '/gstr-2a-reconciliation',
      '/gstr-2x-reconciliation',
      '/invoice-management-system',
      '/gstr-6a-reconciliation',
      '/import',
      '/import-document-error',
      '/data-activities',
      '/create-document',
      '/draft-document',
      '/e-way-bill',
      '/consolidated-eway-bill',
      '/entities',
      '/branches',
      '/users',
      '/roles',
      '/add-role',
      '/edit-role',
      '/departments',
      '/audit-trail-report',
      '/settings',
      '/general-ledger',
      '/gl-reconciliation',
      '/tds-returns-list',
      '/tcs-returns-list',
    ];
    for (const path of spec) expect(paths.has(path), path).toBe(true);
  });

  it('gates every authenticated feature route by at least one right, and no public route', () => {
    for (const route of ROUTES) {
      if (!route.requiresAuth) expect(route.rights, route.name).toEqual([]);
    }
    const shell = new Set(['NoLocation', 'NoRightsAssigned', 'Announcements']);
    for (const route of ROUTES.filter((r) => r.requiresAuth && !shell.has(r.name)))
      expect(route.rights.length, route.name).toBeGreaterThan(0);
  });

  it('titles the public reply pages as the spec does', () => {
    expect(ROUTES.find((r) => r.path === '/crn-notification-reply')?.title).toBe('Credit Notes u/s Section 15(3) Declaration');
    expect(ROUTES.find((r) => r.path === '/t/:shortUrl')?.title).toBe('Notification Reply');
  });
});

describe('sidebar', () => {
  it('points every item at a route of the table', () => {
    const names = new Set<string>(ROUTES.map((r) => r.name));
    const walk = (items: readonly SidebarItem[]): void => {
      for (const item of items) {
        if (item.route) expect(names.has(item.route), item.key).toBe(true);
        if (item.children) walk(item.children);
      }
    };
    walk(SIDEBAR);
  });
});

describe('catalogues', () => {
  it('rights have unique ids', () => {
    expect(new Set(RIGHTS.map((r) => r.id)).size).toBe(RIGHTS.length);
  });

  it('error codes carry an HTTP status and a message; AUTH0013 is the expired session (spec core §8)', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(code).toMatch(/^[A-Z]{3,4}\d{4}$/);
      expect(entry.message.length).toBeGreaterThan(5);
      expect([400, 401, 403, 404, 405, 406, 422, 429, 500, 503]).toContain(entry.status);
    }
    expect(ERROR_CATALOGUE.AUTH0013.status).toBe(401);
  });
});

describe('settings defaults', () => {
  it('fill every installation setting the issue names', () => {
    expect(InstallationSettingsSchema.parse({})).toMatchObject({
      pageSize: 50,
      importErrorPageSize: 50,
      poolingTime: 5,
      apiTimeOut: 5,
      dateFormat: 'DD-MM-YYYY',
      financialYearStartMonth: 4,
      captchaEnabled: false,
    });
  });

  it('fill the subscriber settings, and keep what is stored', () => {
    const defaults = SubscriberSettingsSchema.parse({});
    expect(defaults.security).toMatchObject({ maxFailedLogins: 5, twoFactorEnabled: false, singleSession: false });
    // OWASP ASVS level 2: length, no composition rules, no forced rotation.
    expect(defaults.passwordPolicy).toEqual({
      minLength: 12,
      requireUpper: false,
      requireLower: false,
      requireDigit: false,
      requireSpecial: false,
      historyCount: 5,
      expiryDays: 0,
    });
    expect(defaults.reconciliation.invoiceValueTolerance).toBe(1);
    expect(SubscriberSettingsSchema.parse({ security: { twoFactorEnabled: true } }).security).toMatchObject({
      twoFactorEnabled: true,
      maxFailedLogins: 5,
    });
    expect(() => SubscriberSettingsSchema.parse({ security: { maxFailedLogins: 0 } })).toThrow();
  });
});
