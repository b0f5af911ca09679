import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserEntity } from '@opengst/contracts';
import { userEntitiesQuery } from '../api/sessionData';

// The user's GSTINs to choose among (a bulk download, a reconciliation, a list's filter): the locations with a GSTIN
// the user may see in the financial year, each shown as "GSTIN · name" and chosen by its location id.

/** A location with a GSTIN that the user may see: what returns and the portal's data belong to (a business has none). */
export const isGstinLocation = (entity: UserEntity): entity is UserEntity & { gstin: string } =>
  entity.hasAccess && entity.entityType !== 'Business' && !!entity.gstin;

type Props = {
  financialYear: string;
  /** Location ids, as the select keeps them. */
  value: string[];
  onChange: (next: string[]) => void;
  label: string;
  /** Said while none is chosen. */
  placeholder: string;
  error?: string | undefined;
  w?: number | undefined;
  testId: string;
};

export const GstinMultiSelect = ({ financialYear, value, onChange, label, placeholder, error, w, testId }: Props) => {
  const { data: entities = [] } = useQuery(userEntitiesQuery(financialYear));
  return (
    <MultiSelect
      size="xs"
      w={w}
      label={label}
      placeholder={value.length === 0 ? placeholder : undefined}
      data={entities
        .filter(isGstinLocation)
        .map((entity) => ({ value: String(entity.entityId), label: `${entity.gstin} · ${entity.entityName}` }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={error}
      data-testid={testId}
    />
  );
};
