import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { isBlockedKey, parseTextFilter, type TextFilterKind } from './textFilter';

// A text filter (spec modules §5): in the search block Enter applies it; in the advance filter drawer every change is
// passed on and the drawer's Apply filter commits it. An empty value removes the filter; a numeric filter refuses what
// is not a number as it is typed. UI.md "Keyboard": `/` focuses the screen's first text filter.

type Props = {
  label: string;
  kind: TextFilterKind;
  value: string | number | null | undefined;
  onApply: (value: string | number | null) => void;
  /** 'change' passes on every edit (inside a form with its own Apply). */
  applyOn?: 'enter' | 'change';
  width?: number;
  hasSlashShortcut?: boolean;
  testId?: string;
};

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export const TextFilterInput = ({
  label,
  kind,
  value,
  onApply,
  applyOn = 'enter',
  width = 220,
  hasSlashShortcut = false,
  testId,
}: Props) => {
  const [draft, setDraft] = useState(value === null || value === undefined ? '' : String(value));
  const ref = useRef<HTMLInputElement>(null);
  // A chip closed or Clear all empties the filter: the box follows.
  useEffect(() => setDraft(value === null || value === undefined ? '' : String(value)), [value]);
  useEffect(() => {
    if (!hasSlashShortcut) return undefined;
    const focus = (event: KeyboardEvent) => {
      if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener('keydown', focus);
    return () => window.removeEventListener('keydown', focus);
  }, [hasSlashShortcut]);
  return (
    <TextInput
      ref={ref}
      size="xs"
      w={width}
      label={label}
      placeholder={hasSlashShortcut ? `${label} (/)` : label}
      leftSection={<IconSearch size={14} />}
      inputMode={kind.type === 'number' ? (kind.allowDecimals ? 'decimal' : 'numeric') : undefined}
      value={draft}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        if (applyOn === 'change') onApply(parseTextFilter(next, kind));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onApply(parseTextFilter(draft, kind));
        } else if (!event.ctrlKey && !event.metaKey && isBlockedKey(event.key, draft, kind)) event.preventDefault();
      }}
      data-testid={testId}
    />
  );
};
