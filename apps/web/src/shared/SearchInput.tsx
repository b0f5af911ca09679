import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

// UI.md "Keyboard": `/` focuses search. The value reaches the list after a short pause, not on every key.

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export const SearchInput = ({
  label,
  onSearch,
  testId,
  width = 240,
}: {
  label: string;
  onSearch: (text: string) => void;
  testId?: string;
  width?: number;
}) => {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 300);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  useEffect(() => {
    const focus = (event: KeyboardEvent) => {
      if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener('keydown', focus);
    return () => window.removeEventListener('keydown', focus);
  }, []);
  return (
    <TextInput
      ref={ref}
      size="xs"
      w={width}
      aria-label={label}
      placeholder={`${label} (/)`}
      leftSection={<IconSearch size={14} />}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      data-testid={testId}
    />
  );
};
