import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  MASTERS_ENDPOINTS,
  SETTINGS_ENDPOINTS,
  USER_ENDPOINTS,
  type FinancialYear,
  type LoadSettings,
  type LoginMetadata,
  type UserEntity,
} from '@opengst/contracts';
import { applyTenantTheme } from '../shared/tenantTheme';
import { applyBuildVersion } from './buildVersion';
import { pickCurrentFinancialYear } from './financialYear';
import { call } from './call';
import { setEnvironment, setRequestTimeoutMinutes } from './http';
import { readAuthToken, writeStore } from './storage';

// Master data of the navigation guard (spec core §2): loaded once per page load, before the first navigation.

/** Query keys of the session's data (settings, texts, masters, the user's entities); screens and tests refer to these values. */
export const sessionKeys = {
  preLoadSettings: ['preLoadSettings'] as const,
  preResources: ['preResources'] as const,
  loadSettings: ['loadSettings'] as const,
  resources: ['resources'] as const,
  financialYears: ['financialYears'] as const,
  states: ['states'] as const,
  returnPeriods: ['returnPeriods'] as const,
  /** Invalidating this refreshes the entities of every financial year. */
  userEntities: ['userEntities'] as const,
  userEntitiesOf: (financialYear: string) => [...sessionKeys.userEntities, financialYear] as const,
};

export const preLoadSettingsQuery = queryOptions({
  queryKey: sessionKeys.preLoadSettings,
  queryFn: async (): Promise<LoginMetadata> => {
    const metadata = await call(SETTINGS_ENDPOINTS.preLoadSettings);
    setEnvironment(metadata.environment);
    applyTenantTheme(metadata.folderName);
    applyBuildVersion(metadata.buildVersion);
    return metadata;
  },
});

export const preResourcesQuery = queryOptions({
  queryKey: sessionKeys.preResources,
  queryFn: () => call(SETTINGS_ENDPOINTS.preResources, {}, { silent: true }),
});

export const loadSettingsQuery = queryOptions({
  queryKey: sessionKeys.loadSettings,
  queryFn: async (): Promise<LoadSettings> => {
    const loaded = await call(SETTINGS_ENDPOINTS.loadSettings);
    writeStore('settings', { authToken: readAuthToken(), settings: loaded.settings });
    writeStore('rights', loaded.rights);
    writeStore('sidemenuConfig', loaded.sidemenuConfig);
    setRequestTimeoutMinutes(loaded.settings.apiTimeOut);
    setEnvironment(loaded.environment);
    applyTenantTheme(loaded.settings.folderName);
    applyBuildVersion(loaded.buildVersion);
    return loaded;
  },
});

export const resourcesQuery = queryOptions({
  queryKey: sessionKeys.resources,
  queryFn: () => call(SETTINGS_ENDPOINTS.resources, {}, { silent: true }),
});

export const financialYearsQuery = queryOptions({
  queryKey: sessionKeys.financialYears,
  queryFn: async (): Promise<FinancialYear[]> => {
    const years = await call(MASTERS_ENDPOINTS.financialYears);
    writeStore(
      'financialYears',
      years.map(({ id, label }) => ({ id, label })),
    );
    return years;
  },
});

export const statesQuery = queryOptions({
  queryKey: sessionKeys.states,
  queryFn: () => call(MASTERS_ENDPOINTS.states),
});

/** Spec core §7: a failed return-period fetch resolves empty. */
const fetchReturnPeriods = async (jobWork: boolean): Promise<unknown[]> => {
  try {
    return await call(MASTERS_ENDPOINTS.returnPeriods, { query: { jobWork: jobWork ? 'true' : 'false' } }, { silent: true });
  } catch {
    return [];
  }
};

export const returnPeriodsQuery = queryOptions({
  queryKey: sessionKeys.returnPeriods,
  queryFn: async () => {
    const [regular, jobWork] = await Promise.all([fetchReturnPeriods(false), fetchReturnPeriods(true)]);
    writeStore('returnPeriods', { regular, jobWork });
    return { regular, jobWork };
  },
});

export const userEntitiesQuery = (financialYear: string) =>
  queryOptions({
    queryKey: sessionKeys.userEntitiesOf(financialYear),
    queryFn: () => call(USER_ENDPOINTS.userEntities, { query: { financialYear } }),
  });

export type SessionData = {
  loaded: LoadSettings;
  financialYears: FinancialYear[];
  currentFinancialYear: string;
  entities: UserEntity[];
};

/** Loads what a signed-in screen needs; rejects (after the client's own handling) when settings fail. */
export const ensureSessionData = async (client: QueryClient): Promise<SessionData> => {
  const [loaded, financialYears] = await Promise.all([
    client.ensureQueryData(loadSettingsQuery),
    client.ensureQueryData(financialYearsQuery),
    client.ensureQueryData(statesQuery),
    client.ensureQueryData(resourcesQuery).catch(() => ({})),
    client.ensureQueryData(returnPeriodsQuery),
  ]);
  const currentFinancialYear = pickCurrentFinancialYear(financialYears, new Date());
  const entities = await client.ensureQueryData(userEntitiesQuery(currentFinancialYear));
  return { loaded, financialYears, currentFinancialYear, entities };
};

/** Spec core §2: public routes flagged pre-resources load login metadata and pre-login texts first. */
export const ensurePreResources = async (client: QueryClient): Promise<void> => {
  await Promise.allSettled([client.ensureQueryData(preLoadSettingsQuery), client.ensureQueryData(preResourcesQuery)]);
};
