/** What bench/submit and bench/submit-statement share: the project they submit to and the body they send. */
import { subjectEntry, type TSubject } from '../schemas/subjects/registry';
import type { Database } from '../server/db/client';
import { ensureUser } from '../server/services/access/users.service';
import { createProject } from '../server/services/projects/projects.service';

/** A published 20-subject single-choice project; `settings` e.g. a total cap. */
export async function benchProject(database: Database, settings: object): Promise<{ questionId: string; body: string }> {
  const { user } = await ensureUser(database, '13900008888');
  let o = 0;
  const subjects: TSubject[] = Array.from({ length: 20 }, (_, i) => subjectEntry(1).create({ uuid: `b${i}`, indexSort: i + 1, newId: () => `b${i}-o${++o}` }));
  await database.query('DELETE FROM daily_creations WHERE user_id = $1', [user.id]);
  const owner = { id: user.id, publicId: user.public_id, phone: user.phone, username: user.username, memberLevel: 4, tokenHash: '', apiToken: null };
  const created = await database.transaction((q) => createProject(q, owner, { questionType: 1, title: '压测问卷', subjects }));
  await database.query('UPDATE projects SET status = 1, settings = $2::jsonb WHERE public_id = $1', [created.questionId, JSON.stringify(settings)]);
  const answers = Object.fromEntries(subjects.map((s, i) => [s.uuid, { optionIds: [(s as { options: { uuid: string }[] }).options[i % 2]!.uuid] }]));
  return {
    questionId: created.questionId!,
    body: JSON.stringify({ questionId: created.questionId, submissionId: 'bench-[<id>]', deviceId: 'bench', durationSeconds: 60, answers }),
  };
}
