import { useMemo } from 'react';
import { Autocomplete, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { HsnLookupItem } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { documentKeys, lookupHsn } from './documentApi';

// HSN/SAC with lookup from the subscriber's master (master/hsn/search), and after it the GST portal's directory:
// typing a code prefix or words of the description lists up to 20 codes; choosing one fills the line's description,
// and its rate and unit when the subscriber's master knows them.

type Props = {
  value: string;
  onChange: (value: string) => void;
  onPick: (item: HsnLookupItem) => void;
  error?: string | undefined;
  label: string;
  testId: string;
};

export const HsnInput = ({ value, onChange, onPick, error, label, testId }: Props) => {
  const t = useText();
  const [debounced] = useDebouncedValue(value.trim(), 250);
  const { data } = useQuery({
    queryKey: documentKeys.hsn(debounced),
    queryFn: () => lookupHsn(debounced),
    enabled: debounced.length >= 2,
    staleTime: 60_000,
  });
  const found = useMemo(() => data ?? [], [data]);
  const byCode = useMemo(() => new Map(found.map((item) => [item.code, item])), [found]);
  return (
    <Autocomplete
      size="xs"
      aria-label={label}
      value={value}
      onChange={onChange}
      data={found.map((item) => item.code)}
      filter={({ options }) => options}
      limit={20}
      maxDropdownHeight={280}
      comboboxProps={{ width: 420, position: 'bottom-start' }}
      onOptionSubmit={(code) => {
        const item = byCode.get(code);
        if (item) onPick(item);
      }}
      renderOption={({ option }) => {
        const item = byCode.get(option.value);
        return (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Text size="xs" ff="monospace" fw={600} w={70}>
              {option.value}
            </Text>
            <Text size="xs" lineClamp={2} style={{ flex: 1 }}>
              {item?.description}
            </Text>
            {item?.rate !== null && item?.rate !== undefined ? (
              <Text size="xs" c="dimmed">
                {t('document.ratePercent', { rate: item.rate / 1000 })}
              </Text>
            ) : null}
            {item?.source === 'Official' ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('document.hsnOfficial')}
              </Text>
            ) : null}
          </Group>
        );
      }}
      error={error}
      data-testid={testId}
    />
  );
};
