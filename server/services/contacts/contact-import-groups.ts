import type { TImportProblem } from '../../../schemas/api/contacts';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { ownGroup, saveGroup } from './contact-groups.service';
import type { TReadRow } from './contact-import-write';
import type { GroupNameRow } from './contact-rows';

/**
 * Each imported row's group: the 分组 column's group by name (a name not in the book yet is created, within the
 * group limit), else the group chosen for the import, else none (未分组). A row whose group cannot be made is
 * reported and left out; the answer maps each kept row's number to its group id.
 */
export async function groupIdsByName(
  deps: Pick<Deps, 'database' | 'contactCap'>,
  userId: number,
  rows: readonly TReadRow[],
  fallback: number | null,
  problems: TImportProblem[],
): Promise<Map<number, number | null>> {
  if (fallback !== null) await ownGroup(deps.database.query, userId, fallback);
  const existing = await deps.database.query<GroupNameRow>('SELECT id, name FROM contact_groups WHERE user_id = $1', [userId]);
  const byName = new Map<string, number | AppError>(existing.map((g) => [g.name, g.id]));
  const out = new Map<number, number | null>();
  for (const r of rows) {
    if (!r.group) {
      out.set(r.row, fallback);
      continue;
    }
    if (!byName.has(r.group)) byName.set(r.group, await newGroup(deps, userId, r.group));
    const id = byName.get(r.group)!;
    if (id instanceof AppError) problems.push({ row: r.row, name: r.contact.name, message: `分组“${r.group.slice(0, 30)}”：${id.message}` });
    else out.set(r.row, id);
  }
  return out;
}

async function newGroup(deps: Pick<Deps, 'database' | 'contactCap'>, userId: number, name: string): Promise<number | AppError> {
  if ([...name].length > 30) return new AppError('400', '分组名称最多30个字');
  try {
    return (await saveGroup(deps, userId, { name })).groupId;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
