import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button, ColorSwatch, Group, MultiSelect, type MultiSelectProps } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import {
  litigationText as lt,
  NOTICE_STATUS_TEXT,
  type NoticeOptions,
  type NoticeStageName,
  type NoticeStatusCode,
} from '@opengst/contracts';
import {
  addDays,
  CONTINGENT_CLASSES,
  istDateOf,
  NOTICE_FORMS,
  NOTICE_STAGES,
  noticeFormInfo,
  NOTICE_STATUSES,
  STAGE_NAMES,
  type ContingentClass,
  type NoticeType,
} from '@opengst/domain';
import { DateField } from '../../shared/DateField';
import { GstinMultiSelect } from '../../shared/GstinMultiSelect';
import { SearchInput } from '../../shared/SearchInput';
import { DUE_WEEK_STATUSES, NO_FILTERS, NOTICE_TYPES, TYPE_TEXT, type FilterState } from './noticeRegisterFilters';

// The notice register's filter bar: search, locations, form, type and stage; the choices the notices in scope hold
// (sections, years, consultants, tags: litigation/options) and the contingent class; the status, the reply dates,
// "Due this week" and clearing them, with the screen's actions (import, export, sync, add) at the right.

/** A multi-select's choices: the held values, then "none" when it has a word for it, then any the address named. */
const choicesOf = (held: readonly { value: string; label: string }[], chosen: readonly string[], none?: string) => {
  const all = [...held, ...(none ? [{ value: '-', label: none }] : [])];
  return [...all, ...chosen.filter((value) => !all.some((c) => c.value === value)).map((value) => ({ value, label: value }))];
};

/** One of the filter bar's multi-selects: small, clearable, its list as wide as its options need. */
const FilterSelect = ({ listWidth, testId, ...props }: MultiSelectProps & { listWidth: number; testId: string }) => (
  <MultiSelect size="xs" clearable comboboxProps={{ width: listWidth, position: 'bottom-start' }} data-testid={testId} {...props} />
);

type Props = {
  state: FilterState;
  setState: Dispatch<SetStateAction<FilterState>>;
  onSearch: (text: string) => void;
  options: NoticeOptions;
  workingYear: string;
  actions: ReactNode;
};

export const NoticeFilterBar = ({ state, setState, onSearch, options, workingYear, actions }: Props) => {
  const set = <K extends keyof FilterState>(key: K, value: FilterState[K]) => setState((current) => ({ ...current, [key]: value }));
  const colourOf = (id: string) => options.tags.find((tag) => String(tag.id) === id)?.color ?? 'gray';
  const today = istDateOf(new Date());
  const isDueWeek = state.dueFrom === today && state.dueTo === addDays(today, 7) && state.statuses.join() === DUE_WEEK_STATUSES.join();
  const hasFilters = JSON.stringify({ ...state, text: '' }) !== JSON.stringify({ ...NO_FILTERS });
  return (
    <>
      <Group gap="xs" align="flex-end">
        <Group gap="xs" align="flex-end">
          <SearchInput label={lt('notice.search')} onSearch={onSearch} testId="notice-search" width={220} />
          <GstinMultiSelect
            financialYear={workingYear}
            w={220}
            label={lt('notice.locations')}
            placeholder={lt('notice.allLocations')}
            value={state.locations}
            onChange={(next) => set('locations', next)}
            testId="notice-filter-locations"
          />
          <FilterSelect
            w={150}
            label={lt('notice.form')}
            data={NOTICE_FORMS.map((f) => ({ value: f.form, label: f.form }))}
            renderOption={({ option }) => `${option.value} · ${noticeFormInfo(option.value)?.title ?? ''}`}
            value={state.forms}
            onChange={(next) => set('forms', next)}
            searchable
            listWidth={360}
            testId="notice-filter-form"
          />
          <FilterSelect
            w={130}
            label={lt('notice.type')}
            data={NOTICE_TYPES.map((type) => ({ value: type, label: TYPE_TEXT[type] }))}
            value={state.types}
            onChange={(next) => set('types', next as NoticeType[])}
            listWidth={200}
            testId="notice-filter-type"
          />
          <FilterSelect
            w={130}
            label={lt('notice.stage')}
            data={NOTICE_STAGES.map((stage) => ({ value: stage, label: STAGE_NAMES[stage] }))}
            value={state.stages}
            onChange={(next) => set('stages', next as NoticeStageName[])}
            listWidth={180}
            testId="notice-filter-stage"
          />
        </Group>
      </Group>
      <Group gap="xs" align="flex-end">
        <FilterSelect
          w={150}
          label={lt('notice.sections')}
          data={choicesOf(
            options.sections.map((section) => ({ value: section, label: section })),
            state.sections,
            lt('notice.noSection'),
          )}
          value={state.sections}
          onChange={(next) => set('sections', next)}
          searchable
          listWidth={180}
          testId="notice-filter-section"
        />
        <FilterSelect
          w={150}
          label={lt('notice.years')}
          data={choicesOf(
            options.financialYears.map((year) => ({ value: year, label: year })),
            state.years,
            lt('notice.noYear'),
          )}
          value={state.years}
          onChange={(next) => set('years', next)}
          listWidth={160}
          testId="notice-filter-year"
        />
        <FilterSelect
          w={150}
          label={lt('notice.contingentClasses')}
          data={CONTINGENT_CLASSES.map((c) => ({ value: c, label: c }))}
          value={state.classes}
          onChange={(next) => set('classes', next as ContingentClass[])}
          listWidth={160}
          testId="notice-filter-contingent"
        />
        {/* A consultant sees only its own notices: no filter by consultant to offer it. */}
        {options.viewerConsultantId === null ? (
          <FilterSelect
            w={180}
            label={lt('notice.consultantsFilter')}
            data={choicesOf(
              options.consultants.map((c) => ({ value: String(c.id), label: c.displayName })),
              state.consultants,
            )}
            value={state.consultants}
            onChange={(next) => set('consultants', next)}
            searchable
            listWidth={220}
            testId="notice-filter-consultant"
          />
        ) : null}
        <FilterSelect
          w={160}
          label={lt('notice.tags')}
          data={choicesOf(
            options.tags.map((tag) => ({ value: String(tag.id), label: tag.name })),
            state.tags,
          )}
          renderOption={({ option }) => (
            <Group gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${colourOf(option.value)}-6)`} size={12} />
              <span>{option.label}</span>
            </Group>
          )}
          value={state.tags}
          onChange={(next) => set('tags', next)}
          searchable
          listWidth={200}
          testId="notice-filter-tag"
        />
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <FilterSelect
            w={210}
            label={lt('notice.status')}
            data={NOTICE_STATUSES.map((status) => ({ value: status, label: status }))}
            renderOption={({ option }) => `${option.value} · ${NOTICE_STATUS_TEXT[option.value as NoticeStatusCode]}`}
            value={state.statuses}
            onChange={(next) => set('statuses', next as NoticeStatusCode[])}
            listWidth={200}
            testId="notice-filter-status"
          />
          <DateField
            size="xs"
            w={120}
            label={lt('notice.dueFrom')}
            value={state.dueFrom}
            onChange={(iso) => set('dueFrom', iso)}
            data-testid="notice-filter-due-from"
          />
          <DateField
            size="xs"
            w={120}
            label={lt('notice.dueTo')}
            value={state.dueTo}
            onChange={(iso) => set('dueTo', iso)}
            data-testid="notice-filter-due-to"
          />
          <Button
            size="xs"
            variant={isDueWeek ? 'filled' : 'light'}
            leftSection={<IconCalendarDue size={14} />}
            aria-pressed={isDueWeek}
            onClick={() =>
              setState((current) =>
                isDueWeek
                  ? { ...current, dueFrom: '', dueTo: '', statuses: [] }
                  : { ...current, dueFrom: today, dueTo: addDays(today, 7), statuses: DUE_WEEK_STATUSES },
              )
            }
            data-testid="notice-due-week"
          >
            {lt('notice.dueThisWeek')}
          </Button>
          {hasFilters ? (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setState((current) => ({ ...NO_FILTERS, text: current.text }))}
              data-testid="notice-clear"
            >
              {lt('notice.clearFilters')}
            </Button>
          ) : null}
        </Group>
        {actions}
      </Group>
    </>
  );
};
