import type { KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, ScrollArea, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Direction, type DocumentItem, ITC_ELIGIBILITY } from '@opengst/contracts';
import { formatInr, UQC } from '@opengst/domain';
import { useText } from '../../i18n/useText';
import type { ItemForm } from './documentForm';
import { HsnInput } from './HsnInput';
import classes from './DocumentScreen.module.css';

// The lines of the document: HSN with lookup, quantity, taxable value, rate, tax heads (computed when auto-compute
// is on, typed otherwise), ITC eligibility for purchases. Enter in the last line adds a line.

type Props = {
  direction: Direction;
  items: readonly ItemForm[];
  /** The lines as they will be sent (tax heads computed when auto-compute is on). */
  computed: readonly DocumentItem[];
  autoCompute: boolean;
  rateOptions: { value: string; label: string }[];
  errors: Record<string, string>;
  onChange: (index: number, patch: Partial<ItemForm>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

const UQC_OPTIONS = Object.keys(UQC).map((code) => ({ value: code, label: code }));
const TAX_HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

export const ItemsTable = ({ direction, items, computed, autoCompute, rateOptions, errors, onChange, onAdd, onRemove }: Props) => {
  const t = useText();
  const isPurchase = direction === 'Purchase';
  const addOnEnter = (index: number) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    const target = event.target as HTMLElement;
    // Enter inside an open dropdown picks the option; only a plain input's Enter adds the line.
    if (event.key !== 'Enter' || index !== items.length - 1 || target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    onAdd();
  };
  const heading = (label: string, numeric = false) => (
    <Table.Th className={numeric ? classes.numeric : undefined}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
    </Table.Th>
  );
  return (
    <>
      <ScrollArea type="auto">
        <Table
          className={classes.items}
          verticalSpacing={4}
          horizontalSpacing={4}
          miw={isPurchase ? 1180 : 1040}
          data-testid="document-items"
        >
          <Table.Thead>
            <Table.Tr>
              {heading('#')}
              {heading(t('document.item.hsn'))}
              {heading(t('document.item.description'))}
              {heading(t('document.item.uqc'))}
              {heading(t('document.item.quantity'), true)}
              {heading(t('document.item.taxable'), true)}
              {heading(t('document.item.rate'))}
              {heading(t('document.item.igst'), true)}
              {heading(t('document.item.cgst'), true)}
              {heading(t('document.item.sgst'), true)}
              {heading(t('document.item.cess'), true)}
              {isPurchase ? heading(t('document.item.itcEligibility')) : null}
              {heading(t('document.item.value'), true)}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, i) => {
              const line = computed[i];
              const err = (field: string) => errors[`items.${i}.${field}`];
              const lineValue = line ? line.taxable + line.igst + line.cgst + line.sgst + line.cess : 0;
              const rateOptionsHere =
                item.rate && !rateOptions.some((o) => o.value === item.rate)
                  ? [...rateOptions, { value: item.rate, label: t('document.rateNotValid', { rate: Number(item.rate) / 1000 }) }]
                  : rateOptions;
              return (
                <Table.Tr key={item.key} onKeyDown={addOnEnter(i)} data-testid={`item-${i}`}>
                  <Table.Td w={24}>
                    <Text size="xs" c="dimmed">
                      {i + 1}
                    </Text>
                  </Table.Td>
                  <Table.Td w={100}>
                    <HsnInput
                      label={t('document.item.hsnOf', { n: i + 1 })}
                      value={item.hsn}
                      onChange={(hsn) => onChange(i, { hsn })}
                      onPick={(found) =>
                        onChange(i, {
                          hsn: found.code,
                          description: found.description.slice(0, 300),
                          ...(found.rate !== null ? { rate: String(found.rate) } : {}),
                          ...(found.uqc ? { uqc: found.uqc } : {}),
                        })
                      }
                      error={err('hsn')}
                      testId={`item-${i}-hsn`}
                    />
                  </Table.Td>
                  <Table.Td miw={150}>
                    <TextInput
                      size="xs"
                      aria-label={t('document.item.descriptionOf', { n: i + 1 })}
                      value={item.description}
                      maxLength={300}
                      onChange={(e) => onChange(i, { description: e.currentTarget.value })}
                      data-testid={`item-${i}-description`}
                    />
                  </Table.Td>
                  <Table.Td w={76}>
                    <Select
                      size="xs"
                      aria-label={t('document.item.uqcOf', { n: i + 1 })}
                      data={UQC_OPTIONS}
                      value={item.uqc || null}
                      onChange={(uqc) => onChange(i, { uqc: uqc ?? '' })}
                      searchable
                      comboboxProps={{ width: 240 }}
                      error={err('uqc')}
                      data-testid={`item-${i}-uqc`}
                      renderOption={({ option }) => (
                        <Text size="xs">
                          <b>{option.value}</b> {UQC[option.value as keyof typeof UQC]}
                        </Text>
                      )}
                    />
                  </Table.Td>
                  <Table.Td w={72}>
                    <TextInput
                      size="xs"
                      classNames={{ input: classes.numericInput }}
                      aria-label={t('document.item.quantityOf', { n: i + 1 })}
                      value={item.quantity}
                      inputMode="decimal"
                      onChange={(e) => onChange(i, { quantity: e.currentTarget.value })}
                      error={err('quantity')}
                      data-testid={`item-${i}-quantity`}
                    />
                  </Table.Td>
                  <Table.Td w={100}>
                    <TextInput
                      size="xs"
                      classNames={{ input: classes.numericInput }}
                      aria-label={t('document.item.taxableOf', { n: i + 1 })}
                      value={item.taxable}
                      inputMode="decimal"
                      onChange={(e) => onChange(i, { taxable: e.currentTarget.value })}
                      error={err('taxable')}
                      data-testid={`item-${i}-taxable`}
                    />
                  </Table.Td>
                  <Table.Td w={92}>
                    <Select
                      size="xs"
                      aria-label={t('document.item.rateOf', { n: i + 1 })}
                      data={rateOptionsHere}
                      value={item.rate || null}
                      onChange={(rate) => onChange(i, { rate: rate ?? '' })}
                      allowDeselect={false}
                      comboboxProps={{ width: 220 }}
                      error={err('rate')}
                      data-testid={`item-${i}-rate`}
                    />
                  </Table.Td>
                  {TAX_HEADS.map((head) => (
                    <Table.Td key={head} w={84} className={classes.numeric}>
                      {autoCompute && head !== 'cess' ? (
                        <Tooltip label={t('document.autoComputed')} openDelay={400}>
                          <Text size="xs" className={classes.figure} data-testid={`item-${i}-${head}`} c={err(head) ? 'red' : undefined}>
                            {line ? formatInr(line[head]) : ''}
                          </Text>
                        </Tooltip>
                      ) : (
                        <TextInput
                          size="xs"
                          classNames={{ input: classes.numericInput }}
                          aria-label={t('document.item.headOf', { head: t(`document.item.${head}`), n: i + 1 })}
                          value={item[head]}
                          inputMode="decimal"
                          onChange={(e) => onChange(i, { [head]: e.currentTarget.value })}
                          error={err(head)}
                          data-testid={`item-${i}-${head}`}
                        />
                      )}
                    </Table.Td>
                  ))}
                  {isPurchase ? (
                    <Table.Td w={130}>
                      <Select
                        size="xs"
                        aria-label={t('document.item.itcEligibilityOf', { n: i + 1 })}
                        data={[...ITC_ELIGIBILITY]}
                        value={item.itcEligibility || null}
                        onChange={(v) => onChange(i, { itcEligibility: v ?? '' })}
                        clearable
                        data-testid={`item-${i}-itc`}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td w={96} className={classes.numeric}>
                    <Text size="xs" className={classes.figure} data-testid={`item-${i}-value`}>
                      {formatInr(lineValue)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={32}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={t('document.removeLine', { n: i + 1 })}
                      disabled={items.length === 1}
                      onClick={() => onRemove(i)}
                      data-testid={`item-${i}-remove`}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group mt={6}>
        <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid="item-add">
          {t('document.addLine')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('document.keyboardHint')}
        </Text>
      </Group>
    </>
  );
};
