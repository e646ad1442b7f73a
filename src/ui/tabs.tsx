import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TTabsProps {
  tabs: TTab[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label?: string;
}

export function Tabs({ tabs, value, defaultValue, onValueChange, label }: TTabsProps) {
  return (
    <RadixTabs.Root value={value} defaultValue={defaultValue ?? tabs[0]?.value} onValueChange={onValueChange}>
      <RadixTabs.List className={styles.list} aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className={styles.trigger}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className={styles.content}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
