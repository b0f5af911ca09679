import { z } from 'zod';

// Subscriber settings (spec core §3 "Settings ... subscriberSettings"): one typed schema with defaults.
/**
 * Defaults after OWASP ASVS 4.0 level 2 (2.1.1 at least 12 characters, 2.1.9 no composition rules, 2.1.10 no periodic
 * rotation; 2.1.7 breached passwords are always refused, password-policy.ts). A subscriber may still ask for more.
 */
export const PasswordPolicySchema = z.object({
  minLength: z.number().int().min(8).max(128).default(12),
  requireUpper: z.boolean().default(false),
  requireLower: z.boolean().default(false),
  requireDigit: z.boolean().default(false),
  requireSpecial: z.boolean().default(false),
  historyCount: z.number().int().min(0).max(24).default(5),
  expiryDays: z.number().int().min(0).max(3650).default(0),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

export const SecuritySettingsSchema = z.object({
  twoFactorEnabled: z.boolean().default(false),
  singleSession: z.boolean().default(false),
  maxFailedLogins: z.number().int().min(1).max(20).default(5),
  otpLength: z.literal(6).default(6),
  otpValidityMinutes: z.number().int().min(1).max(30).default(10),
  otpMaxAttempts: z.number().int().min(1).max(10).default(3),
  otpMaxResends: z.number().int().min(0).max(10).default(3),
  sessionIdleMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  sessionAbsoluteHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  resetLinkValidityMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  dormancyDays: z.number().int().min(0).max(3650).default(90),
});

export const ReconciliationSettingsSchema = z.object({
  // Spec core §9: default deviation 1 (rupee); per-field tolerances in rupees.
  invoiceValueTolerance: z.number().min(0).default(1),
  taxableValueTolerance: z.number().min(0).default(1),
  igstTolerance: z.number().min(0).default(1),
  cgstTolerance: z.number().min(0).default(1),
  sgstTolerance: z.number().min(0).default(1),
  cessTolerance: z.number().min(0).default(1),
  dateToleranceDays: z.number().int().min(0).max(365).default(0),
  matchAcrossFinancialYears: z.boolean().default(false),
  panLevelMatching: z.boolean().default(true),
});

/**
 * The automatic download of GSTR-2A/2B (issue 18): on `dayOfMonth` of every month (0: every day), a job of the server
 * (daily at 03:15, server time) downloads, for each GSTIN of the subscriber with an active GST portal session, the
 * chosen sources of the `periodsBack` return periods before the current one (1: last month only). GSTR-2B of a month
 * is generated on the 14th of the next month, hence the 15th by default. Off by default.
 */
export const InwardAutoDownloadSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    dayOfMonth: z.number().int().min(0).max(28).default(15),
    gstr2a: z.boolean().default(true),
    gstr2b: z.boolean().default(true),
    periodsBack: z.number().int().min(1).max(12).default(1),
  })
  .refine((value) => !value.enabled || value.gstr2a || value.gstr2b, { path: ['gstr2b'], message: 'Choose GSTR-2A, GSTR-2B or both.' });
export type InwardAutoDownloadSettings = z.infer<typeof InwardAutoDownloadSettingsSchema>;

export const SubscriberSettingsSchema = z.object({
  passwordPolicy: PasswordPolicySchema.prefault({}),
  security: SecuritySettingsSchema.prefault({}),
  reconciliation: ReconciliationSettingsSchema.prefault({}),
  importValidation: z
    .object({
      allOrNothing: z.boolean().default(false),
      maxFileSizeMb: z.number().int().min(1).max(1024).default(100),
      maxRows: z.number().int().min(1).default(1_000_000),
    })
    .prefault({}),
  autoCompute: z
    .object({
      computeTax: z.boolean().default(true),
      /** Rupees; a final document worth more is saved only once the user confirms it (spec core §9 document-value threshold); 0: never ask. */
      confirmDocumentValueAbove: z.number().int().min(0).max(1_00_00_00_00_000).default(10_000_000),
    })
    .prefault({}),
  notifications: z
    .object({
      emailOnImportComplete: z.boolean().default(true),
      emailOnReturnFiled: z.boolean().default(true),
      /** Days before a notice's reply is due that its assignee is reminded by mail (two reminders; 0: none). */
      noticeReminderFirstDays: z.number().int().min(0).max(90).default(7),
      noticeReminderSecondDays: z.number().int().min(0).max(90).default(2),
      /** A mail each day a notice's reply is overdue, until it is replied or closed. */
      noticeOverdueDaily: z.boolean().default(true),
      /** Days a counterparty's reply link (notification mail) stays valid (issue 21). */
      replyLinkDays: z.number().int().min(1).max(365).default(30),
    })
    .prefault({}),
  inwardAutoDownload: InwardAutoDownloadSettingsSchema.prefault({}),
  showIMS: z.boolean().default(true),
  litigationSync: z.boolean().default(false),
  /**
   * The thresholds of the product's own DRC-01B / DRC-01C precheck (Rules 88C, 88D): the domain's dated rows unless
   * `ownThresholds` (packages/domain/src/drc01/README.md: the figures are not notified, so a subscriber may set its
   * own). Whole rupees and whole percent; either exceeded draws the warning, as the GSTN advisories read.
   */
  drc01: z
    .object({
      ownThresholds: z.boolean().default(false),
      drc01bAmount: z.number().int().min(0).max(1_00_00_00_000).default(25_00_000),
      drc01bPercent: z.number().int().min(0).max(100).default(20),
      drc01cAmount: z.number().int().min(0).max(1_00_00_00_000).default(5_00_000),
      drc01cPercent: z.number().int().min(0).max(100).default(20),
    })
    .prefault({}),
});
export type SubscriberSettings = z.infer<typeof SubscriberSettingsSchema>;

// Application settings returned by loadsettings (spec core §3 "Settings").
export const AppSettingsSchema = z.object({
  applicationTitle: z.string(),
  applicationSubTitle: z.string(),
  folderName: z.string(),
  pageSize: z.number().int(),
  importErrorPageSize: z.number().int(),
  poolingTime: z.number().int(),
  apiTimeOut: z.number().int(),
  dateFormat: z.string(),
  dateTimeFormat: z.string(),
  startDate: z.string(),
  maxDate: z.string(),
  downloadFileExpiryInHours: z.number().int(),
  provisionalItcStartMonth: z.string(),
  autoRenewGstSessionEmail: z.boolean(),
  irpPortalApiUrl: z.string(),
  buildVersion: z.string(),
  maxBulkSearchKeywords: z.number().int(),
  recordsAffectedWarningLimit: z.number().int(),
  financialYearStartMonth: z.number().int(),
  hideNotAllowedFunctionality: z.boolean(),
  showHelpChatbot: z.boolean(),
  helpChatBotUrl: z.string(),
  showHsnSearch: z.boolean(),
  showWhyUsSection: z.boolean(),
  subscriberSettings: SubscriberSettingsSchema,
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/**
 * Installation-wide settings: what the login page needs before anyone is known (title, captcha, folder), and the
 * list and polling defaults of spec core §3. Edited by an administrator; stored once per installation.
 */
export const InstallationSettingsSchema = z.object({
  applicationTitle: z.string().max(100).default('OpenGST'),
  applicationSubTitle: z.string().max(200).default('GST compliance for every GSTIN you run'),
  folderName: z
    .string()
    .regex(/^[a-z0-9-]*$/)
    .max(40)
    .default(''),
  captchaEnabled: z.boolean().default(false),
  hideForgetPassword: z.boolean().default(false),
  ssoEnabled: z.boolean().default(false),
  supportEmail: z.string().max(254).default(''),
  pageSize: z.number().int().min(10).max(500).default(50),
  importErrorPageSize: z.number().int().min(10).max(500).default(50),
  /** Seconds between background-status polls. */
  poolingTime: z.number().int().min(1).max(60).default(5),
  /** Minutes before an API request times out (spec core §9). */
  apiTimeOut: z.number().int().min(1).max(30).default(5),
  dateFormat: z.string().default('DD-MM-YYYY'),
  dateTimeFormat: z.string().default('DD-MM-YYYY HH:mm:ss'),
  startDate: z.string().default('2017-07-01'),
  downloadFileExpiryInHours: z.number().int().min(1).max(720).default(24),
  maxBulkSearchKeywords: z.number().int().min(1).max(10000).default(1000),
  recordsAffectedWarningLimit: z.number().int().min(1).default(1000),
  financialYearStartMonth: z.number().int().min(1).max(12).default(4),
  hideNotAllowedFunctionality: z.boolean().default(false),
  showHelpChatbot: z.boolean().default(false),
  helpChatBotUrl: z.string().default(''),
  showHsnSearch: z.boolean().default(true),
  showWhyUsSection: z.boolean().default(false),
});
export type InstallationSettings = z.infer<typeof InstallationSettingsSchema>;
