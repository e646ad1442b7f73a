import { useState } from 'react';
import type { LIST_SORTS } from '../../../schemas/api/question';
import { PROJECT_STATUS, type TProjectStatus } from '../../../schemas/project-kinds';

/** Spec §3 "List UI state": layout '1' list, '2' cards (the default), kept in localStorage. */
export type TLayoutMode = '1' | '2';
export const LAYOUT_KEY = 'projects.layout';

export function useLayoutMode(): [TLayoutMode, (mode: TLayoutMode) => void] {
  const [mode, setMode] = useState<TLayoutMode>(() => {
    try {
      return localStorage.getItem(LAYOUT_KEY) === '1' ? '1' : '2';
    } catch {
      return '2';
    }
  });
  const change = (next: TLayoutMode) => {
    setMode(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page.
    }
  };
  return [mode, change];
}

export const STATUS_TABS = ['all', 'collecting', 'draft'] as const;
export type TStatusTab = (typeof STATUS_TABS)[number];
export const statusOfTab = (tab: TStatusTab): TProjectStatus | undefined =>
  tab === 'collecting' ? PROJECT_STATUS.published : tab === 'draft' ? PROJECT_STATUS.paused : undefined;

export type TSort = (typeof LIST_SORTS)[number];
export const SORTS: readonly TSort[] = ['updateTime', 'createTime', 'dataCount'];
