import { useQuery } from '@tanstack/react-query';
import { financialYearsQuery, loadSettingsQuery, userEntitiesQuery } from '../../api/sessionData';
import { useWorkingYear } from '../../shared/workingYear';

// What the import screens read from the signed-in session: settings, the user and the locations they may use.

export const useImportSession = () => {
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: financialYears = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  // The locations of the year picked in the header.
  const financialYear = useWorkingYear(financialYears);
  const { data: entities = [] } = useQuery(userEntitiesQuery(financialYear));
  const settings = loaded?.settings;
  return {
    userId: loaded?.user.userId,
    poolingTime: settings?.poolingTime,
    importErrorPageSize: settings?.importErrorPageSize,
    maxFileSizeMb: settings?.subscriberSettings.importValidation.maxFileSizeMb ?? 100,
    /** Locations (with a GSTIN) the user has access to: documents belong to a GSTIN. */
    locations: entities.filter((entity) => entity.entityType !== 'Business' && entity.hasAccess && entity.gstin),
  };
};
