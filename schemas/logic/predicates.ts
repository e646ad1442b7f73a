import type { AnswerFacts } from '../subjects/base';
import type { TPredicate } from './ast';

/** Whether one predicate holds for the facts of the subject it names. */
export function predicateHolds(p: TPredicate, f: AnswerFacts): boolean {
  switch (p.op) {
    case 'chose':
      return f.chosen.includes(p.option);
    case 'notChose':
      return !f.chosen.includes(p.option);
    case 'equals':
      if (typeof p.value === 'number') return f.number === p.value;
      return !f.empty && f.text.trim() === p.value.trim();
    case 'contains':
      return f.text.includes(p.value);
    case 'greater':
      return f.number !== undefined && f.number > p.value;
    case 'less':
      return f.number !== undefined && f.number < p.value;
    case 'answered':
      return !f.empty;
    case 'empty':
      return f.empty;
  }
}
