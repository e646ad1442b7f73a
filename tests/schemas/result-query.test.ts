import { describe, expect, it } from 'vitest';
import { plainTitle, querySubjects, type TQueryKeySettings } from '../../schemas/result-query';

const s = (uuid: string, subjectType: number, title: string) => ({ uuid, subjectType, title });
const SUBJECTS = [
  s('q1', 1, '1+1=?'),
  s('dept', 6, '部门'),
  s('name', 6, '<p>您的&nbsp;姓名</p>'),
  s('no', 21, '工号'),
  s('tel', 26, '手机号'),
  s('tel2', 26, '备用手机'),
];
const key = (patch: Partial<TQueryKeySettings>): TQueryKeySettings => ({
  queryKey: 'field',
  queryPhoneSubject: '',
  queryNameSubject: '',
  queryFieldSubject: '',
  ...patch,
});

describe('结果查询 key subjects (schemas/result-query.ts)', () => {
  it('left empty: the text titled 姓名 and the first other key-able subject; the first phone subject', () => {
    expect(querySubjects(SUBJECTS, key({}))).toEqual({ name: SUBJECTS[2], field: SUBJECTS[1] });
    expect(querySubjects(SUBJECTS, key({ queryKey: 'phone' }))).toEqual({ phone: SUBJECTS[4] });
  });

  it('keeps the creator’s choices, and ignores a choice of the wrong type or a deleted subject', () => {
    expect(querySubjects(SUBJECTS, key({ queryNameSubject: 'dept', queryFieldSubject: 'no' }))).toEqual({ name: SUBJECTS[1], field: SUBJECTS[3] });
    expect(querySubjects(SUBJECTS, key({ queryKey: 'phone', queryPhoneSubject: 'tel2' }))).toEqual({ phone: SUBJECTS[5] });
    expect(querySubjects(SUBJECTS, key({ queryKey: 'phone', queryPhoneSubject: 'q1' }))).toEqual({ phone: SUBJECTS[4] });
    expect(querySubjects(SUBJECTS, key({ queryFieldSubject: 'gone' }))).toEqual({ name: SUBJECTS[2], field: SUBJECTS[1] });
  });

  it('a project without the subjects a key needs has no key', () => {
    expect(querySubjects([s('q1', 1, '题')], key({ queryKey: 'phone' }))).toBeNull();
    expect(querySubjects([s('name', 6, '姓名')], key({}))).toBeNull();
    expect(plainTitle('<b>学号</b> &amp; 班级')).toBe('学号 & 班级');
  });
});
