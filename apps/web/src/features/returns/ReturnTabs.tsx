import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';

export type ReturnTab<T extends string> = { value: T; label: string; testId: string; rightSection?: ReactNode; panel: ReactNode };

/** The tabs of a return screen, each panel mounted only while its tab is open. */
export const ReturnTabs = <T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: ReturnTab<T>[];
  value: T;
  onChange: (next: T) => void;
}) => (
  <Tabs value={value} onChange={(next) => (next === null ? undefined : onChange(next as T))} keepMounted={false}>
    <Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Tab key={tab.value} value={tab.value} data-testid={tab.testId} rightSection={tab.rightSection}>
          {tab.label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
    {tabs.map((tab) => (
      <Tabs.Panel key={tab.value} value={tab.value} pt="xs">
        {tab.panel}
      </Tabs.Panel>
    ))}
  </Tabs>
);
