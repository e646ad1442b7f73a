import type { TProjectSettings } from '../../../schemas/api/settings';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { ProjectRow } from '../../db/rows';

/** The key of a project whose records are answer sheets: subjects of its own. */
export type SheetKey = { phone: TSubject } | { name: TSubject; field: TSubject };
/** A sign-up chain's entries are not sheets: the key is the phone an entry left, proven by an SMS code. */
export interface ChainKey {
  chain: true;
}

/** A project open to 结果查询, with its key; anything else is "404" 该项目未开启结果查询. */
export interface QueryTarget {
  project: ProjectRow;
  settings: TProjectSettings;
  subjects: TSubject[];
  key: SheetKey | ChainKey;
}

/** Whether the key is a phone proven by an SMS code (a phone subject, or a chain's entries). */
export const phoneKeyed = (key: QueryTarget['key']): boolean => 'phone' in key || 'chain' in key;
