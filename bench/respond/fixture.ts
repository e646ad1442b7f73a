// The same 800-subject survey for both pages: our subjects (schemas create()) and SurveyJS's JSON model.
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';

const KINDS = ['single', 'multiple', 'text', 'comment', 'rating', 'matrix', 'dropdown', 'nps'] as const;
const CHOICES = ['非常同意', '同意', '一般', '不同意', '非常不同意'];
const ROWS = ['服务态度', '响应速度', '专业程度'];

export function ourSubjects(n: number): TSubject[] {
  let id = 0;
  const newId = () => `x${++id}`;
  return Array.from({ length: n }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    const init = { uuid: `q${i + 1}`, indexSort: i + 1, newId };
    const title = `第${i + 1}题：${{ single: '您对本次活动的整体评价', multiple: '您通过哪些渠道了解到我们', text: '请填写您的称呼', comment: '请留下您的建议', rating: '请为我们的服务打分', matrix: '请评价以下方面', dropdown: '您所在的城市', nps: '您向朋友推荐我们的可能性' }[kind]}`;
    const labelled = (titles: string[]) => titles.map((t, k) => ({ uuid: `q${i + 1}-${k}`, title: t }));
    switch (kind) {
      case 'single':
        return { ...subjectEntry(1).create(init), title, options: labelled(CHOICES) } as TSubject;
      case 'multiple':
        return { ...subjectEntry(2).create(init), title, options: labelled(['朋友推荐', '搜索引擎', '社交媒体', '线下活动']) } as TSubject;
      case 'text':
        return { ...subjectEntry(6).create(init), title } as TSubject;
      case 'comment':
        return { ...subjectEntry(7).create(init), title } as TSubject;
      case 'rating':
        return { ...subjectEntry(23).create(init), title } as TSubject;
      case 'matrix':
        return {
          ...subjectEntry(11).create(init),
          title,
          rows: labelled(ROWS),
          columns: labelled(CHOICES).map((c) => ({ ...c, uuid: `${c.uuid}c` })),
        } as TSubject;
      case 'dropdown':
        return { ...subjectEntry(3).create(init), title, options: labelled(['北京', '上海', '广州', '深圳', '杭州', '成都']) } as TSubject;
      case 'nps':
        return { ...subjectEntry(22).create(init), title } as TSubject;
    }
  });
}

/** SurveyJS elements with the same titles, choices and required flags. */
export function surveyJsModel(subjects: readonly TSubject[]) {
  const elements = subjects.map((s) => {
    const base = { name: s.uuid, title: s.title, isRequired: s.required };
    switch (s.subjectType) {
      case 1:
        return { ...base, type: 'radiogroup', choices: s.options.map((o) => ({ value: o.uuid, text: o.title })) };
      case 2:
        return { ...base, type: 'checkbox', choices: s.options.map((o) => ({ value: o.uuid, text: o.title })) };
      case 3:
        return { ...base, type: 'dropdown', choices: s.options.map((o) => ({ value: o.uuid, text: o.title })) };
      case 6:
        return { ...base, type: 'text', maxLength: s.maxLength };
      case 7:
        return { ...base, type: 'comment', maxLength: s.maxLength };
      case 23:
        return { ...base, type: 'rating', rateType: 'stars', rateCount: s.stars };
      case 22:
        return { ...base, type: 'rating', rateMin: 0, rateMax: 10 };
      case 11:
        return {
          ...base,
          type: 'matrix',
          rows: s.rows.map((r) => ({ value: r.uuid, text: r.title })),
          columns: s.columns.map((c) => ({ value: c.uuid, text: c.title })),
        };
      default:
        return { ...base, type: 'text' };
    }
  });
  return { title: '800 题性能测试', pages: [{ name: 'p1', elements }], showQuestionNumbers: 'on' };
}
