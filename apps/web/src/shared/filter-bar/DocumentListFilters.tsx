import { MultiSelect, TextInput } from '@mantine/core';
import { GstinMultiSelect } from '../GstinMultiSelect';
import { SearchInput } from '../SearchInput';

// The filters a list of documents opens with (/e-invoice, /e-way-bill): the text search, the GSTINs of the working
// year, the return period (MMYYYY) and the document types. The screen adds its own filters after them.

export type DocumentListFilterLabels = { search: string; location: string; returnPeriod: string; documentType: string };

export const DocumentListFilters = (props: {
  /** The test ids' prefix: `${prefix}-search`, `${prefix}-filter-locations`, `-filter-period`, `-filter-types`. */
  prefix: string;
  labels: DocumentListFilterLabels;
  financialYear: string;
  documentTypeValues: readonly string[];
  onSearch: (text: string) => void;
  /** The selected locations' entity ids, as text (GstinMultiSelect's values). */
  locations: string[];
  onLocations: (ids: string[]) => void;
  period: string;
  onPeriod: (period: string) => void;
  documentTypes: string[];
  onDocumentTypes: (types: string[]) => void;
}) => (
  <>
    <SearchInput label={props.labels.search} onSearch={props.onSearch} testId={`${props.prefix}-search`} width={300} />
    <GstinMultiSelect
      financialYear={props.financialYear}
      w={260}
      label={props.labels.location}
      placeholder="All GSTINs"
      value={props.locations}
      onChange={props.onLocations}
      testId={`${props.prefix}-filter-locations`}
    />
    <TextInput
      size="xs"
      w={110}
      label={props.labels.returnPeriod}
      placeholder="MMYYYY"
      value={props.period}
      onChange={(event) => props.onPeriod(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      data-testid={`${props.prefix}-filter-period`}
    />
    <MultiSelect
      size="xs"
      w={170}
      label={props.labels.documentType}
      data={[...props.documentTypeValues]}
      value={props.documentTypes}
      onChange={props.onDocumentTypes}
      clearable
      data-testid={`${props.prefix}-filter-types`}
    />
  </>
);
