import { istDateOf } from '@opengst/domain';
import type { AppSettings, LoadSettings, LoginMetadata } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { roles, users } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { CAPTCHA_SITE_KEY } from '../../platform/auth/captcha';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { computeRightsList } from '../../platform/rights';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';

const todayIso = (now: Date): string => istDateOf(now);

/** preLoadSettings: what the login page shows before anyone is known (spec core §3 "Login metadata"). */
export const loginMetadata = async (ctx: AppContext): Promise<LoginMetadata> => {
  const s = await loadInstallationSettings(ctx.database.db);
  return {
    siteKey: s.captchaEnabled ? CAPTCHA_SITE_KEY : '',
    applicationTitle: s.applicationTitle,
    applicationSubTitle: s.applicationSubTitle,
    isEnabled: s.captchaEnabled,
    ssoEnabled: s.ssoEnabled,
    hideForgetPassword: s.hideForgetPassword,
    folderName: s.folderName,
    pageSize: s.pageSize,
    buildVersion: ctx.config.buildVersion,
    environment: ctx.config.environment,
    showHsnSearch: s.showHsnSearch,
    showWhyUsSection: s.showWhyUsSection,
  };
};

/** loadsettings: settings, rights list, side-menu configuration and build version of the signed-in user. */
export const loadSettings = async (ctx: AppContext, principal: SessionPrincipal): Promise<LoadSettings> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const [installation, subscriberSettings, rights, userRows] = await Promise.all([
    loadInstallationSettings(db),
    loadSubscriberSettings(db, principal.subscriberId),
    computeRightsList(db, principal.subscriberId, principal.roleId, now),
    db
      .select({ user: users, roleName: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, principal.userId)),
  ]);
  const row = userRows[0];
  if (!row) throw new Error(`user ${principal.userId} of a live session is missing`);
  const { supportEmail: _supportEmail, captchaEnabled: _captcha, hideForgetPassword: _hide, ssoEnabled: _sso, ...shown } = installation;
  const settings: AppSettings = {
    ...shown,
    maxDate: todayIso(now),
    provisionalItcStartMonth: '',
    autoRenewGstSessionEmail: false,
    irpPortalApiUrl: '',
    buildVersion: ctx.config.buildVersion,
    subscriberSettings,
  };
  const hiddenKeys = [
    ...(subscriberSettings.showIMS ? [] : ['invoiceManagement']),
    ...(subscriberSettings.litigationSync ? [] : ['litigationDashboard']),
  ];
  return {
    settings,
    rights,
    sidemenuConfig: { hiddenKeys },
    buildVersion: ctx.config.buildVersion,
    environment: ctx.config.environment,
    user: {
      userId: row.user.id,
      userName: row.user.userName,
      displayName: row.user.displayName,
      email: row.user.email,
      roleName: row.roleName,
    },
  };
};
