import { describe, expect, it } from 'vitest';
import { SubjectScanner, titleOf } from '../../../server/services/ai/subject-scanner';
import { chunked, MODEL_ANSWERS } from '../../helpers/model-answers';

const scan = (text: string, size: number) => {
  const s = new SubjectScanner();
  const out = chunked(text, size).flatMap((piece) => s.push(piece));
  return { s, out };
};

describe('the streaming subject scanner', () => {
  const text = JSON.stringify(MODEL_ANSWERS.question, null, 1);

  it('hands out each whole subject, whatever the piece size', () => {
    for (const size of [1, 3, 17, 1000]) {
      const { out, s } = scan(text, size);
      expect(out.map((o) => JSON.parse(o))).toEqual(MODEL_ANSWERS.question.subjects);
      expect(JSON.parse(s.json())).toEqual(MODEL_ANSWERS.question);
    }
  });

  it('is not fooled by braces, brackets, quotes and keys inside strings', () => {
    const tricky = {
      title: 'a "subjects": [{',
      subjects: [
        { type: 'text', title: '} ] \\" {"subjects": [' },
        { type: 'single', title: 'x', options: ['{', ']'] },
      ],
    };
    const { out } = scan(`\`\`\`json\n${JSON.stringify(tricky)}\n\`\`\``, 2);
    expect(out.map((o) => JSON.parse(o))).toEqual(tricky.subjects);
  });

  it('gives the title once the subjects begin, and nothing of an array of another key', () => {
    const s = new SubjectScanner();
    expect(s.push('{"title": "标题", "subtitle": "说\\"明", "tags": [{"a": 1}], "subj')).toEqual([]);
    expect(s.head()).toBeNull();
    expect(s.push('ects": [{"type": "text", "title": "姓名"}')).toEqual(['{"type": "text", "title": "姓名"}']);
    expect(titleOf(s.head()!)).toEqual({ title: '标题', subtitle: '说"明' });
  });

  it('stops at the end of the object', () => {
    const { out } = scan('{"subjects": [{"a": 1}]} {"subjects": [{"b": 2}]}', 4);
    expect(out).toEqual(['{"a": 1}']);
  });
});
