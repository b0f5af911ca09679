import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  API,
  type FinancialYear,
  type LoadSettings,
  type LoginMetadata,
  type UserEntity,
} from '@opengst/contracts';
import { applyTenantTheme } from '../shared/tenantTheme';
import { applyBuildVersion } from './buildVersion';
import { pickCurrentFinancialYear } from './financialYear';
import { apiRequest, setEnvironment, setRequestTimeoutMinutes } from './http';
import { readAuthToken, writeStore } from './storage';

// Master data of the navigation guard (spec core §2): loaded once per page load, before the first navigation.

export const preLoadSettingsQuery = queryOptions({
  queryKey: ['preLoadSettings'],
  queryFn: async (): Promise<LoginMetadata> => {
    const metadata = await apiRequest<LoginMetadata>(API.preLoadSettings);
    setEnvironment(metadata.environment);
    applyTenantTheme(metadata.folderName);
    applyBuildVersion(metadata.buildVersion);
    return metadata;
  },
});

export const preResourcesQuery = queryOptions({
  queryKey: ['preResources'],
  queryFn: () => apiRequest<Record<string, string>>(API.preResources, { silent: true }),
});

export const loadSettingsQuery = queryOptions({
  queryKey: ['loadSettings'],
  queryFn: async (): Promise<LoadSettings> => {
    const loaded = await apiRequest<LoadSettings>(API.loadSettings);
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
  queryKey: ['resources'],
  queryFn: () => apiRequest<Record<string, string>>(API.resources, { silent: true }),
});

export const financialYearsQuery = queryOptions({
  queryKey: ['financialYears'],
  queryFn: async (): Promise<FinancialYear[]> => {
    const years = await apiRequest<FinancialYear[]>(API.financialYears);
    writeStore('financialYears', years.map(({ id, label }) => ({ id, label })));
    return years;
  },
});

export const statesQuery = queryOptions({
  queryKey: ['states'],
  queryFn: () => apiRequest<unknown[]>(API.states),
});

/** Spec core §7: a failed return-period fetch resolves empty. */
const fetchReturnPeriods = async (jobWork: boolean): Promise<unknown[]> => {
  try {
    return await apiRequest<unknown[]>(API.returnPeriods, { query: { jobWork }, silent: true });
  } catch {
    return [];
  }
};

export const returnPeriodsQuery = queryOptions({
  queryKey: ['returnPeriods'],
  queryFn: async () => {
    const [regular, jobWork] = await Promise.all([fetchReturnPeriods(false), fetchReturnPeriods(true)]);
    writeStore('returnPeriods', { regular, jobWork });
    return { regular, jobWork };
  },
});

export const userEntitiesQuery = (financialYear: string) =>
  queryOptions({
    queryKey: ['userEntities', financialYear],
    queryFn: () => apiRequest<UserEntity[]>(API.userEntities, { query: { financialYear } }),
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
