// Column sort of a worktable as the API's sortExpression ("column ASC|DESC", CONVENTIONS.md "API").

export type SortDirection = 'ASC' | 'DESC';
export type SortState = { column: string; direction: SortDirection } | null;

export const toSortExpression = (sort: SortState): string | undefined => (sort ? `${sort.column} ${sort.direction}` : undefined);

export const parseSortExpression = (expression: string | undefined): SortState => {
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec(expression?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { column: match[1], direction: match[2].toUpperCase() as SortDirection };
};

/** A click on a header cycles ascending, descending, then back to the screen's default sort. */
export const nextSort = (current: SortState, column: string, fallback: SortState): SortState => {
  if (current?.column !== column) return { column, direction: 'ASC' };
  if (current.direction === 'ASC') return { column, direction: 'DESC' };
  return fallback?.column === column ? { column, direction: 'ASC' } : fallback;
};
