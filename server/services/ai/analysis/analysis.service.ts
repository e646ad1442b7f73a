// Issue 52 item 3: a conversation about one project's report (getConversation on the AI base)
// and the conversation each user saves about a project (activity/ai/saveOrUpdateAnalysis, getQuestionAnalysis).
// Both read the report, so both need the report's power (1 or 3: a view collaborator reads and saves his own).
import type { TAiMessage } from '../../../../schemas/api/ai';
import { AI_LIMITS } from '../../../../schemas/ai/kinds';
import { col, defineSql } from '../../../db/sql';
import type { AuthUser } from '../../access/sessions.service';
import { accessProject } from '../../access/powers.service';
import type { Deps } from '../../deps';
import { plainTitle } from '../../report/report-subjects';
import type { AiStream } from '../engine';
import { BUILTIN_ENGINE_NAME } from '../engine';
import { answerWithModel } from '../model-answer';
import { builtinAnswer } from './builtin-answer';
import { analyseReport } from './report-summary';

const saveSql = defineSql(
  'ai-analysis.save',
  { updated_at: col.timestamp },
  `INSERT INTO ai_analyses (project_id, user_id, messages, updated_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (project_id, user_id) DO UPDATE SET messages = EXCLUDED.messages, updated_at = EXCLUDED.updated_at
     RETURNING updated_at`,
);
const savedSql = defineSql(
  'ai-analysis.saved',
  { messages: col.json, updated_at: col.timestamp },
  'SELECT messages, updated_at FROM ai_analyses WHERE project_id = $1 AND user_id = $2',
);

const reader = (deps: Deps, user: AuthUser | null, questionId: string) => accessProject(deps.database.query, user, questionId, 'report');

/** Text as text: markup and control characters removed (the page shows it as plain text, and so does any export). */
export const plainText = (text: string): string =>
  text
    .replace(/<[^>]*>/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();

const sanitise = (m: TAiMessage): TAiMessage => ({
  ...m,
  text: plainText(m.text),
  findings: m.findings.map((f) => ({ ...f, title: plainText(f.title), detail: plainText(f.detail) })),
  charts: m.charts.map((c) => ({
    ...c,
    title: plainText(c.title),
    labels: c.labels.map(plainText),
    series: c.series.map((s) => ({ ...s, name: plainText(s.name) })),
  })),
});

export async function getConversation(
  deps: Deps,
  user: AuthUser | null,
  body: { questionId: string; message: string; history: { role: 'user' | 'assistant'; text: string }[] },
  stream: AiStream | null,
): Promise<{ reply: TAiMessage; aiRemaining: number | null }> {
  const { project } = await reader(deps, user, body.questionId);
  const { summary, subjects } = await analyseReport(deps.database, project);
  const model = deps.aiModel;
  stream?.send({ type: 'start', engine: model ? 'model' : 'builtin', engineName: model ? model.name : BUILTIN_ENGINE_NAME });
  if (model) {
    const input = { title: plainTitle(project.title), questionType: project.question_type, summary, message: body.message, history: body.history };
    return answerWithModel(deps, model, user!.id, input, stream);
  }
  const reply = builtinAnswer({ summary, subjects, message: body.message, history: body.history, now: deps.now() });
  stream?.send({ type: 'delta', text: reply.text });
  return { reply, aiRemaining: null };
}

export async function saveAnalysis(deps: Deps, user: AuthUser | null, questionId: string, messages: TAiMessage[]): Promise<{ updateTime: string }> {
  const { project } = await reader(deps, user, questionId);
  const kept = messages.slice(-AI_LIMITS.conversationMax).map(sanitise);
  const [row] = await saveSql.run(deps.database.query, [project.id, user!.id, JSON.stringify(kept), deps.now()]);
  return { updateTime: new Date(row!.updated_at).toISOString() };
}

export async function questionAnalysis(deps: Deps, user: AuthUser | null, questionId: string) {
  const { project } = await reader(deps, user, questionId);
  const { summary } = await analyseReport(deps.database, project);
  const [saved] = await savedSql.run(deps.database.query, [project.id, user!.id]);
  return {
    title: plainTitle(project.title),
    questionType: project.question_type,
    summary,
    messages: (saved?.messages as TAiMessage[] | undefined) ?? [],
    updateTime: saved ? new Date(saved.updated_at).toISOString() : null,
  };
}
