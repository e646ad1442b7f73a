import type { TProjectSettings } from '../../../schemas/api/settings';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { ProjectRow } from '../../db/rows';

/** A project open to 结果查询, with its key's subjects; anything else is "404" 该项目未开启结果查询. */
export interface QueryTarget {
  project: ProjectRow;
  settings: TProjectSettings;
  subjects: TSubject[];
  key: { phone: TSubject } | { name: TSubject; field: TSubject };
}
