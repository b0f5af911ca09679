// Chips of the shared filter bar (spec modules §3 "Filter entity", §5, §9): one chip per filter with a value, in the
// module's own order, each with a tooltip; a per-value key (locations) gives one chip per value. Paging and sort keys
// never make chips. The close icon is hidden on the default keys (financialYear, entityId, month) unless bypassed.

export type FilterValues = Record<string, unknown>;

export type ChipSpec<F extends FilterValues> = {
  key: string;
  label: string;
  /** The chip's value; by default the filter of the same key. */
  read?: (filters: F) => unknown;
  /** One value as people read it. */
  text?: (value: unknown) => string;
  /** The tooltip of a per-value chip (the key's chip lists every value). */
  tooltip?: (value: unknown) => string;
  /** One chip per value of an array filter instead of one chip for the key. */
  isPerValue?: boolean;
  /** The filters emptied when the chip is closed; by default its key. */
  clearKeys?: readonly (keyof F & string)[];
};

export type FilterChip = {
  id: string;
  key: string;
  text: string;
  tooltip: string;
  isRemovable: boolean;
  clearKeys: readonly string[];
  /** Set on a per-value chip: closing it removes only this value. */
  value?: unknown;
};

export const DEFAULT_CHIP_KEYS: readonly string[] = ['financialYear', 'entityId', 'month'];
/** Spec modules §9: after Apply these keys never show as chips. */
export const NON_CHIP_KEYS: readonly string[] = ['start', 'size', 'totalRecords', 'toDate', 'sortExpression'];

export const isEmptyFilter = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

export const buildChips = <F extends FilterValues>(
  filters: F,
  specs: readonly ChipSpec<F>[],
  options: { bypassDefaultKeys?: boolean } = {},
): FilterChip[] =>
  specs
    .filter((spec) => !NON_CHIP_KEYS.includes(spec.key))
    .flatMap((spec) => {
      const value = spec.read ? spec.read(filters) : filters[spec.key];
      if (isEmptyFilter(value)) return [];
      const textOf = spec.text ?? ((one: unknown) => String(one));
      const isRemovable = options.bypassDefaultKeys === true || !DEFAULT_CHIP_KEYS.includes(spec.key);
      const clearKeys = spec.clearKeys ?? [spec.key];
      const values = asList(value);
      if (spec.isPerValue) {
        return values.map((one) => ({
          id: `${spec.key}:${String(one)}`,
          key: spec.key,
          text: `${spec.label}: ${textOf(one)}`,
          tooltip: spec.tooltip ? spec.tooltip(one) : textOf(one),
          isRemovable,
          clearKeys,
          value: one,
        }));
      }
      const texts = values.map(textOf);
      const more = texts.length > 1 ? ` +${texts.length - 1}` : '';
      return [
        {
          id: spec.key,
          key: spec.key,
          text: `${spec.label}: ${texts[0] ?? ''}${more}`,
          tooltip: `${spec.label}: ${texts.join(', ')}`,
          isRemovable,
          clearKeys,
        },
      ];
    });

/** Spec modules §4: the Apply filter link shows while the chips differ from those of the saved applied filters. */
export const chipsDiffer = (current: readonly FilterChip[], saved: readonly FilterChip[]): boolean =>
  current.length !== saved.length || current.some((chip, index) => chip.id !== saved[index]?.id || chip.tooltip !== saved[index]?.tooltip);

/** The filters without what a closed chip stood for. */
export const withoutChip = <F extends FilterValues>(filters: F, chip: FilterChip): F => {
  const next: FilterValues = { ...filters };
  const [first] = chip.clearKeys;
  if (chip.value !== undefined && first !== undefined && Array.isArray(next[first])) {
    const rest = (next[first] as unknown[]).filter((one) => one !== chip.value);
    next[first] = rest.length > 0 ? rest : null;
  } else for (const key of chip.clearKeys) next[key] = null;
  return next as F;
};

/** Spec modules §9: Clear all shows when there are more chips than the module's threshold (2 on sales and purchase). */
export const showsClearAll = (chips: readonly FilterChip[], threshold: number): boolean => chips.length > threshold;
