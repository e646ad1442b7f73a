import type { TQuotaStat } from '../../../schemas/api/report';
import { ZLogic, type TCondition, type TPredicate, type TQuotaRule } from '../../../schemas/logic/ast';
import { compileLogic } from '../../../schemas/logic/compile';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import { listSubjects } from '../projects/subjects.service';
import { plainTitle } from '../report/report-subjects';

const quotaStatementSql = defineSql(
  'report.quotaStatement',
  { quota_id: col.text, used: col.int },
  'SELECT quota_id, used FROM quota_counters WHERE project_id = $1',
);

type Labelled = { uuid: string; title: string };

/** The choosable parts of a choice subject (an evaluation: its labels). */
function choiceParts(s: TSubject): Labelled[] {
  if (s.subjectType === SUBJECT_TYPE.evaluation) return s.labels;
  return ((s as { options?: Labelled[] }).options ?? []).map((o) => ({ uuid: o.uuid, title: o.title }));
}

/** Names subjects and options as the report does: 第3题 性别：男. */
function namer(subjects: readonly TSubject[]) {
  const indexes = displayIndexes(subjects);
  const subjectName = (uuid: string | undefined) => {
    const s = subjects.find((x) => x.uuid === uuid);
    if (!s) return { s, name: '' };
    const index = indexes.get(s.uuid);
    return { s, name: `${index ? `第${index}题 ` : ''}${plainTitle(s.title)}` };
  };
  const option = (subjectUuid: string | undefined, optionUuid: string | undefined) => {
    const { s, name } = subjectName(subjectUuid);
    const o = s ? choiceParts(s).find((x) => x.uuid === optionUuid) : undefined;
    return `${name}${o ? `：${plainTitle(o.title)}` : ''}`;
  };
  const predicate = (p: TPredicate) => {
    const { s, name } = subjectName(p.subject);
    const label = (uuid: string) => plainTitle((s ? choiceParts(s) : []).find((x) => x.uuid === uuid)?.title ?? '');
    switch (p.op) {
      case 'chose':
        return `${name} 选择「${label(p.option)}」`;
      case 'notChose':
        return `${name} 未选择「${label(p.option)}」`;
      case 'equals':
        return `${name} 等于「${p.value}」`;
      case 'contains':
        return `${name} 包含「${p.value}」`;
      case 'greater':
        return `${name} 大于 ${p.value}`;
      case 'less':
        return `${name} 小于 ${p.value}`;
      case 'answered':
        return `${name} 已作答`;
      case 'empty':
        return `${name} 未作答`;
    }
  };
  const condition = (c: TCondition) => c.predicates.map(predicate).join(c.match === 'all' ? ' 且 ' : ' 或 ');
  return { option, condition };
}

/** One quota as the statement and /optionsQuota.html show it. */
function statOf(q: TQuotaRule, used: number, names: ReturnType<typeof namer>): TQuotaStat {
  const label =
    q.basis === 'option'
      ? names.option(q.subject, q.option)
      : q.onFull.action === 'hideOption'
        ? `条件配额 · ${names.option(q.onFull.subject, q.onFull.option)}`
        : '条件配额';
  return {
    id: q.id,
    label,
    used,
    limit: q.limit,
    full: used >= q.limit,
    basis: q.basis,
    condition: q.basis === 'condition' ? names.condition(q.when) : null,
    onFull: q.onFull.action,
    message: q.onFull.action === 'hideOption' ? '' : q.onFull.message,
  };
}

/** getQuotaStatement: each quota of the logic (and option shorthands) with its fill from quota_counters. */
export async function quotaStatement(query: Query, project: ProjectRow): Promise<TQuotaStat[]> {
  const subjects = await listSubjects(query, project.id);
  const compiled = compileLogic(subjects, ZLogic.parse(project.logic ?? {}));
  const used = new Map((await quotaStatementSql.run(query, [project.id])).map((r) => [r.quota_id, Number(r.used)]));
  const names = namer(subjects);
  return compiled.quotas.map((q) => statOf(q, used.get(q.id) ?? 0, names));
}
