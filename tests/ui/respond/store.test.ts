import { describe, expect, it } from 'vitest';
import { SheetStore, buildPages } from '../../../src/respond/store';
import { subjectEntry } from '../../../schemas/subjects/registry';
import { logic, make, opts } from './fixtures';

function survey() {
  const a = make(1, { title: 'A', options: opts('是', '否') });
  const b = make(6, { title: 'B' });
  const br1 = make(16);
  const c = make(6, { title: 'C' });
  const br2 = make(16, { timerSeconds: 30 });
  const d = make(2, { title: 'D', options: opts('甲', '乙', '其他') });
  const e = make(6, { title: 'E' });
  return { a, b, br1, c, br2, d, e, subjects: [a, b, br1, c, br2, d, e] };
}

describe('SheetStore', () => {
  it('splits pages at page breaks and keeps the break timer', () => {
    const { subjects, a, b, c, d, e } = survey();
    const pages = buildPages(subjects);
    expect(pages.map((p) => p.uuids)).toEqual([[a.uuid, b.uuid], [c.uuid], [d.uuid, e.uuid]]);
    expect(pages[2]!.timerSeconds).toBe(30);
  });

  it('numbers answerable subjects only and counts progress over visible ones', () => {
    const { subjects, a, e } = survey();
    const store = new SheetStore({ subjects, logic: logic(), seed: 's' });
    expect(store.numbers.get(a.uuid)).toBe(1);
    expect(store.numbers.get(e.uuid)).toBe(5);
    expect(store.getView()).toMatchObject({ pageNumber: 1, pageCount: 3, answered: 0, answerable: 5, hasNext: true, hasPrev: false });
    store.setAnswer(a.uuid, { optionIds: ['是-0'] });
    expect(store.getView().answered).toBe(1);
  });

  it('a jump over a whole page takes it out of the page count and of "next"', () => {
    const { subjects, a, b, d } = survey();
    const jump = {
      id: 'j',
      from: b.uuid,
      when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: a.uuid, option: '否-1' }] },
      to: { kind: 'subject' as const, subject: d.uuid },
    };
    const store = new SheetStore({ subjects, logic: logic({ jumps: [jump] }), seed: 's' });
    expect(store.nextPage()).toBe(1);
    store.setAnswer(a.uuid, { optionIds: ['否-1'] });
    expect(store.nextPage()).toBe(2);
    expect(store.getView().pageCount).toBe(2);
    store.goTo(2);
    expect(store.prevPage()).toBe(0);
  });

  it('validates a page with the schema messages and clears a message once the answer is fixed', () => {
    const { subjects, a, b } = survey();
    const store = new SheetStore({ subjects, logic: logic(), seed: 's' });
    expect(store.validatePage(0)).toEqual([a.uuid, b.uuid]);
    expect(store.getSubjectState(a.uuid).errors[0]!.message).toBe('此题为必答题');
    store.setAnswer(a.uuid, { optionIds: ['是-0'] });
    expect(store.getSubjectState(a.uuid).errors).toEqual([]);
    expect(store.getSubjectState(b.uuid).errors).toHaveLength(1);
  });

  it('display conditions hide subjects, whose answers are not submitted', () => {
    const { subjects, d, e } = survey();
    const display = [{ id: 'd', target: e.uuid, when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: d.uuid, option: '其他-2' }] } }];
    const store = new SheetStore({ subjects, logic: logic({ display }), seed: 's' });
    expect(store.getSubjectState(e.uuid).visible).toBe(false);
    store.setAnswer(d.uuid, { optionIds: ['其他-2'] });
    expect(store.getSubjectState(e.uuid).visible).toBe(true);
    store.setAnswer(e.uuid, '说明');
    expect(store.answersForSubmit()[e.uuid]).toBe('说明');
    store.setAnswer(d.uuid, { optionIds: ['甲-0'] });
    expect(store.answersForSubmit()).not.toHaveProperty(e.uuid);
  });

  it('subjects a jump skips are not submitted; jumping back shows their answers again', () => {
    const { subjects, a, b, c, d } = survey();
    const jump = {
      id: 'j',
      from: a.uuid,
      when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: a.uuid, option: '否-1' }] },
      to: { kind: 'subject' as const, subject: d.uuid },
    };
    const store = new SheetStore({ subjects, logic: logic({ jumps: [jump] }), seed: 's' });
    store.setAnswer(a.uuid, { optionIds: ['是-0'] });
    store.setAnswer(b.uuid, '王女士');
    store.setAnswer(c.uuid, '上海');
    store.setAnswer(d.uuid, { optionIds: ['甲-0'] });
    store.setAnswer(a.uuid, { optionIds: ['否-1'] });
    expect(Object.keys(store.answersForSubmit())).toEqual([a.uuid, d.uuid]);
    expect(store.getSubjectState(b.uuid).visible).toBe(false);
    store.setAnswer(a.uuid, { optionIds: ['是-0'] });
    expect(store.answersForSubmit()).toMatchObject({ [b.uuid]: '王女士', [c.uuid]: '上海' });
  });

  it('option linkage hides options and drops a pick of a hidden option', () => {
    const { subjects, a, d } = survey();
    const optionLinkage = [
      { id: 'l', target: d.uuid, options: ['乙-1'], when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: a.uuid, option: '是-0' }] } },
    ];
    const store = new SheetStore({ subjects, logic: logic({ optionLinkage }), seed: 's', answers: { [a.uuid]: { optionIds: ['是-0'] } } });
    store.setAnswer(d.uuid, { optionIds: ['甲-0', '乙-1'] });
    store.setAnswer(a.uuid, { optionIds: ['否-1'] });
    expect([...store.getSubjectState(d.uuid).hidden]).toEqual(['乙-1']);
    expect(store.allAnswers()[d.uuid]).toEqual({ optionIds: ['甲-0'] });
  });

  it('full quotas hide their option or end the respondent with the message', () => {
    const { subjects, a, d } = survey();
    const quotas = [
      { id: 'hide', basis: 'option' as const, subject: d.uuid, option: '甲-0', limit: 2, onFull: { action: 'hideOption' as const } },
      { id: 'end', basis: 'option' as const, subject: a.uuid, option: '否-1', limit: 1, onFull: { action: 'end' as const, message: '名额已满，感谢参与' } },
    ];
    const store = new SheetStore({ subjects, logic: logic({ quotas }), seed: 's', quotaCounts: { hide: 2, end: 1 } });
    expect(store.getSubjectState(d.uuid).hidden.has('甲-0')).toBe(true);
    expect(store.quotaEnd()).toBeUndefined();
    store.setAnswer(a.uuid, { optionIds: ['否-1'] });
    expect(store.quotaEnd()).toEqual({ message: '名额已满，感谢参与' });
  });

  it("a full 'message' quota keeps its option and tells the respondent who chose it, under the subject", () => {
    const { subjects, a } = survey();
    const quotas = [
      {
        id: 'tell',
        basis: 'option' as const,
        subject: a.uuid,
        option: '否-1',
        limit: 1,
        onFull: { action: 'message' as const, message: '该选项已满，请重新选择' },
      },
    ];
    const store = new SheetStore({ subjects, logic: logic({ quotas }), seed: 's', quotaCounts: { tell: 1 } });
    expect(store.getSubjectState(a.uuid).hidden.has('否-1')).toBe(false);
    expect(store.quotaMessage()).toBeUndefined();
    store.setAnswer(a.uuid, { optionIds: ['否-1'] });
    expect(store.quotaMessage()).toEqual({ message: '该选项已满，请重新选择', subject: a.uuid });
    expect(store.quotaEnd()).toBeUndefined();
    store.setAnswer(a.uuid, { optionIds: ['是-0'] });
    expect(store.quotaMessage()).toBeUndefined();
  });

  it('piping fills a title with an earlier answer', () => {
    const name = make(6, { title: '称呼' });
    const next = make(7, { title: '{{Q1}}，请留下建议' });
    const store = new SheetStore({ subjects: [name, next], logic: logic(), seed: 's' });
    store.setAnswer(name.uuid, '<王>');
    expect(store.getSubjectState(next.uuid).title).toBe('&lt;王&gt;，请留下建议');
  });

  it('random draws depend on the seed only, so a resumed draft keeps its order', () => {
    const pool = Array.from({ length: 8 }, (_, i) => make(6, { title: `T${i}` }));
    const random = [{ id: 'r', subjects: pool.map((s) => s.uuid), draw: 3, shuffle: true }];
    const order = (seed: string) => {
      const store = new SheetStore({ subjects: pool, logic: logic({ random }), seed });
      return store.compiled.order.filter((u) => store.getSubjectState(u).visible);
    };
    expect(order('sheet-1')).toHaveLength(3);
    expect(order('sheet-1')).toEqual(order('sheet-1'));
    const numbers = new SheetStore({ subjects: pool, logic: logic({ random }), seed: 'sheet-1' });
    const shown = numbers.compiled.order.filter((u) => numbers.getSubjectState(u).visible).map((u) => numbers.numbers.get(u));
    expect(shown).toEqual([1, 2, 3]);
  });

  it('keeps the progress right through display conditions and jumps, and the paging while only the progress changes', () => {
    const { subjects, a, b, c, d, e } = survey();
    const display = [{ id: 'd', target: e.uuid, when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: d.uuid, option: '其他-2' }] } }];
    const jump = {
      id: 'j',
      from: a.uuid,
      when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: a.uuid, option: '否-1' }] },
      to: { kind: 'subject' as const, subject: d.uuid },
    };
    const store = new SheetStore({ subjects, logic: logic({ display, jumps: [jump] }), seed: 's' });
    // What the bar must say, counted from scratch: visible answerable subjects, and those with an answer sent.
    const fromScratch = () => ({
      answered: Object.keys(store.answersForSubmit()).length,
      answerable: store.compiled.order.filter((u) => {
        const state = store.getSubjectState(u);
        return state.visible && subjectEntry(state.subject.subjectType).answerable && state.subject.subjectType !== 16;
      }).length,
    });
    expect(store.getProgress()).toEqual({ answered: 0, answerable: 4 });
    const paging = store.getPaging();
    store.setAnswer(b.uuid, '王女士');
    expect(store.getProgress()).toEqual({ answered: 1, answerable: 4 });
    expect(store.getPaging()).toBe(paging);
    const steps: Array<[string, unknown]> = [
      [c.uuid, '上海'],
      [a.uuid, { optionIds: ['否-1'] }],
      [d.uuid, { optionIds: ['其他-2'] }],
      [e.uuid, '说明'],
      [a.uuid, { optionIds: ['是-0'] }],
      [d.uuid, { optionIds: ['甲-0'] }],
      [b.uuid, ''],
      [d.uuid, { optionIds: [] }],
    ];
    for (const [uuid, value] of steps) {
      store.setAnswer(uuid, value);
      expect(store.getProgress()).toEqual(fromScratch());
      expect(store.getView()).toMatchObject(store.getProgress());
    }
    expect(store.getProgress()).toEqual({ answered: 2, answerable: 4 });
    // The jump took page 2 away and brought it back: the paging changed with it.
    expect(store.getPaging()).not.toBe(paging);
    expect(store.getPaging()).toEqual(paging);
  });

  it('notifies only the subjects an answer changed', () => {
    const { subjects, a, b, d } = survey();
    const store = new SheetStore({ subjects, logic: logic(), seed: 's' });
    const seen: string[] = [];
    for (const u of [a.uuid, b.uuid, d.uuid]) store.subscribe(u, () => seen.push(u));
    store.setAnswer(b.uuid, '你好');
    expect(seen).toEqual([b.uuid]);
  });
});
