import { describe, expect, it } from 'vitest';
import { connectEditor, withFreshIds } from '../../machines/editor/editor.connect';
import { applyEdit, idsFrom, movePage, moveOption, pagesOf, pushHistory, tryEdit } from '../../machines/editor/editor.operations';
import { SAMPLE_LOADED } from '../../machines/editor/editor.stand-ins';
import type { TEditEvent, TEditorContext, TEditorDocument, TEditorEvent } from '../../machines/editor/editor.types';
import { displayIndexes } from '../../schemas/subjects/numbering';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';

const doc = (): TEditorDocument => structuredClone(SAMPLE_LOADED.document);
const ids = (d: TEditorDocument) => d.subjects.map((s) => s.uuid);
const sorts = (d: TEditorDocument) => d.subjects.map((s) => s.indexSort);
const optionTitles = (d: TEditorDocument, uuid: string) =>
  (d.subjects.find((s) => s.uuid === uuid) as { options: { title: string }[] }).options.map((o) => o.title);
const edit = (d: TEditorDocument, event: TEditEvent) => {
  const result = tryEdit(d, event);
  if (!result.ok) throw new Error(result.message);
  return result.document;
};

describe('editor recipes', () => {
  it('adds a subject of a type after another, with derived option ids, and renumbers', () => {
    const before = doc();
    const after = edit(before, { type: 'subject.add', subjectType: 1, uuid: 'n1', after: 's1' });
    expect(ids(after)).toEqual(['s1', 'n1', 's2', 'p1', 's4', 'p2', 's6']);
    expect(sorts(after)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((after.subjects[1] as { options: { uuid: string }[] }).options.map((o) => o.uuid)).toEqual(['n1-1', 'n1-2']);
    expect(ids(before)).toEqual(['s1', 's2', 'p1', 's4', 'p2', 's6']);
  });

  it('appends without `after` and puts first with null', () => {
    expect(ids(edit(doc(), { type: 'subject.add', subjectType: 30, uuid: 'd' })).at(-1)).toBe('d');
    expect(ids(edit(doc(), { type: 'subject.add', subjectType: 30, uuid: 'd', after: null }))[0]).toBe('d');
  });

  it('adds a 判断题 preset: a single choice 正确 / 错误 with 正确 as the answer, refusing a preset of another type', () => {
    const after = edit(doc(), { type: 'subject.add', subjectType: 1, preset: 'trueFalse', uuid: 'tf', after: 's1' });
    const added = after.subjects[1] as TSubject & { options: { uuid: string; title: string; isCorrect?: boolean }[] };
    expect(added).toMatchObject({ uuid: 'tf', subjectType: 1, title: '判断题', indexSort: 2 });
    expect(added.options).toEqual([
      { uuid: 'tf-1', title: '正确', isCorrect: true },
      { uuid: 'tf-2', title: '错误' },
    ]);
    expect(subjectEntry(1).schema.safeParse(added).success).toBe(true);
    expect(tryEdit(doc(), { type: 'subject.add', subjectType: 2, preset: 'trueFalse', uuid: 'x' })).toEqual({ ok: false, message: '题型不存在' });
  });

  it('numbers live: a page break and a paragraph take no number', () => {
    const after = edit(edit(doc(), { type: 'subject.add', subjectType: 15, uuid: 'para', after: null }), { type: 'subject.move', id: 's4', after: null });
    const index = displayIndexes(after.subjects);
    expect(['s4', 'para', 's1', 's2', 'p1', 'p2', 's6'].map((u) => index.get(u))).toEqual([1, null, 2, 3, null, null, 4]);
  });

  it('moves a subject from the top to the bottom and back', () => {
    const down = edit(doc(), { type: 'subject.move', id: 's1', after: 's6' });
    expect(ids(down)).toEqual(['s2', 'p1', 's4', 'p2', 's6', 's1']);
    expect(sorts(down)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(edit(down, { type: 'subject.move', id: 's1', after: null }))[0]).toBe('s1');
  });

  it('refuses a move that changes nothing and a move of a missing subject', () => {
    expect(tryEdit(doc(), { type: 'subject.move', id: 's2', after: 's1' })).toEqual({ ok: false, message: '没有变化', unchanged: true });
    expect(tryEdit(doc(), { type: 'subject.move', id: 'nope', after: null })).toEqual({ ok: false, message: '题目不存在或已删除' });
  });

  it('copies a subject below the original with new ids for it and its options', () => {
    const after = edit(doc(), { type: 'subject.copy', id: 's1', uuid: 'c1' });
    expect(ids(after).slice(0, 2)).toEqual(['s1', 'c1']);
    expect((after.subjects[1] as { options: { uuid: string }[] }).options.map((o) => o.uuid)).toEqual(['c1-1', 'c1-2']);
  });

  it('deletes subjects together with the rules they own', () => {
    const d = doc();
    const after = edit(d, { type: 'subject.delete', ids: ['s2'] });
    expect(ids(after)).not.toContain('s2');
    expect(after.logic.display).toEqual([]);
    expect(d.logic.display).toHaveLength(1);
  });

  it('sets required on several subjects at once', () => {
    const after = edit(doc(), { type: 'subject.required', ids: ['s1', 's4'], required: false });
    expect(after.subjects.filter((s) => !s.required).map((s) => s.uuid)).toEqual(['s1', 'p1', 's4', 'p2', 's6']);
  });

  it('replaces a subject and refuses one its type does not accept', () => {
    const s4 = doc().subjects[3]!;
    expect(edit(doc(), { type: 'subject.update', subject: { ...s4, title: '姓名' } }).subjects[3]!.title).toBe('姓名');
    const bad = { ...s4, minLength: 50, maxLength: 10 } as TSubject;
    expect(tryEdit(doc(), { type: 'subject.update', subject: bad })).toEqual({ ok: false, message: '最少字数不能大于最多字数' });
  });

  it('edits options: update, add, move, delete (never the last), batch lines, pictures', () => {
    let d = edit(doc(), { type: 'option.update', subjectId: 's1', option: { uuid: 's1-1', title: '男性' } });
    expect(optionTitles(d, 's1')).toEqual(['男性', '女']);
    d = edit(d, { type: 'option.add', subjectId: 's1', options: [{ uuid: 'o3', title: '其他', fillIn: true }], after: 's1-1' });
    expect(optionTitles(d, 's1')).toEqual(['男性', '其他', '女']);
    d = edit(d, { type: 'option.move', subjectId: 's1', optionId: 'o3', after: 's1-2' });
    expect(optionTitles(d, 's1')).toEqual(['男性', '女', '其他']);
    d = edit(d, { type: 'option.delete', subjectId: 's1', optionId: 'o3' });
    d = edit(d, { type: 'option.delete', subjectId: 's1', optionId: 's1-2' });
    expect(tryEdit(d, { type: 'option.delete', subjectId: 's1', optionId: 's1-1' })).toEqual({ ok: false, message: '至少保留一个选项' });
    d = edit(d, { type: 'option.batch', subjectId: 's2', text: '步行\n\n 公交 \n其他', idPrefix: 'b' });
    const s2 = d.subjects.find((s) => s.uuid === 's2') as { options: { uuid: string; title: string; fillIn?: boolean }[] };
    expect(s2.options).toEqual([
      { uuid: 'b-1', title: '步行' },
      { uuid: 'b-2', title: '公交' },
      { uuid: 'b-3', title: '其他', fillIn: true },
    ]);
    expect(tryEdit(d, { type: 'option.batch', subjectId: 's2', text: '  \n', idPrefix: 'x' })).toEqual({ ok: false, message: '请至少输入一个选项' });
    d = edit(d, { type: 'option.pictures', subjectId: 's2', pictures: [{ url: '/uploads/a.png', title: '' }], idPrefix: 'p' });
    expect(optionTitles(d, 's2').at(-1)).toBe('图片1');
    expect(tryEdit(d, { type: 'option.add', subjectId: 's4', options: [{ uuid: 'x', title: 'x' }] })).toEqual({ ok: false, message: '该题型没有选项' });
  });

  it('refuses hiding the last visible option', () => {
    let d = edit(doc(), { type: 'option.update', subjectId: 's1', option: { uuid: 's1-1', title: '男', hidden: true } });
    const result = tryEdit(d, { type: 'option.update', subjectId: 's1', option: { uuid: 's1-2', title: '女', hidden: true } });
    expect(result).toEqual({ ok: false, message: '至少需要一个可见选项' });
    d = edit(d, { type: 'option.update', subjectId: 's1', option: { uuid: 's1-1', title: '男', hidden: false } });
    expect(d.subjects[0]).toMatchObject({ options: [{ hidden: false }, {}] });
  });

  it('moves whole pages; page 1 stays first', () => {
    expect(pagesOf(doc().subjects).map((p) => p.map((s) => s.uuid))).toEqual([
      ['s1', 's2'],
      ['p1', 's4'],
      ['p2', 's6'],
    ]);
    const after = edit(doc(), { type: 'page.move', from: 3, to: 2 });
    expect(ids(after)).toEqual(['s1', 's2', 'p2', 's6', 'p1', 's4']);
    expect(() => movePage(doc().subjects, 1, 2)).toThrow('页码不存在');
  });

  it('edits the title and subtitle; an empty title is refused', () => {
    expect(edit(doc(), { type: 'document.title', title: '  新标题 ' }).title).toBe('新标题');
    expect(tryEdit(doc(), { type: 'document.title', title: '   ' })).toEqual({ ok: false, message: '请输入标题' });
    expect(edit(doc(), { type: 'document.subtitle', subtitle: '说明' }).subtitle).toBe('说明');
  });

  it('adds, updates and removes logic rules, checking each rule', () => {
    const jump = { id: 'j1', from: 's1', to: { kind: 'end' as const } };
    let d = edit(doc(), { type: 'logic.add', kind: 'jumps', rule: jump });
    expect(d.logic.jumps).toEqual([jump]);
    expect(tryEdit(d, { type: 'logic.add', kind: 'jumps', rule: jump })).toEqual({ ok: false, message: '逻辑规则标识重复' });
    d = edit(d, { type: 'logic.update', kind: 'jumps', rule: { ...jump, to: { kind: 'subject', subject: 's4' } } });
    expect(d.logic.jumps[0]!.to).toEqual({ kind: 'subject', subject: 's4' });
    d = edit(d, { type: 'logic.remove', kind: 'jumps', id: 'j1' });
    expect(d.logic.jumps).toEqual([]);
    const incomplete = tryEdit(d, { type: 'logic.add', kind: 'display', rule: { id: 'd', target: 's2', when: { match: 'all', predicates: [] } } });
    expect(incomplete.ok).toBe(false);
  });

  it('shares what did not change and freezes the result', () => {
    const d = doc();
    const after = edit(d, { type: 'option.update', subjectId: 's2', option: { uuid: 's2-1', title: 'A' } });
    expect(after.subjects[0]).toBe(d.subjects[0]);
    expect(after.logic).toBe(d.logic);
    expect(Object.isFrozen(after.subjects)).toBe(true);
    expect(applyEdit(d, { type: 'subject.delete', ids: ['nope'] })).toBe(d);
  });

  it('helpers: ids, option move at the top, history cap, fresh ids for bank subjects', () => {
    const next = idsFrom('u', true);
    expect([next(), next(), next()]).toEqual(['u', 'u-1', 'u-2']);
    const moved = moveOption(doc().subjects, 's2', 's2-3', null);
    expect((moved[1] as { options: { uuid: string }[] }).options[0]!.uuid).toBe('s2-3');
    const docs = Array.from({ length: 5 }, () => doc());
    expect(pushHistory(docs, doc(), 3)).toHaveLength(3);
    let n = 0;
    const fresh = withFreshIds(doc().subjects[0]!, () => `f${++n}`) as { uuid: string; options: { uuid: string }[] };
    expect([fresh.uuid, ...fresh.options.map((o) => o.uuid)]).toEqual(['f1', 'f2', 'f3']);
  });
});

describe('intent API', () => {
  function fakeActor(context: Partial<TEditorContext>) {
    const sent: TEditorEvent[] = [];
    const full = { ...(context as TEditorContext) };
    return {
      sent,
      actor: {
        getSnapshot: () => ({
          context: full,
          can: (event: TEditorEvent) => !('subjectId' in event) || tryEdit(full.document, event as TEditEvent).ok,
          matches: () => false,
        }),
        send: (event: TEditorEvent) => sent.push(event),
      },
    };
  }

  it('sends one event per intent and says why an edit is refused', () => {
    const { actor, sent } = fakeActor({ document: doc(), project: SAMPLE_LOADED.project });
    let n = 0;
    const api = connectEditor(actor, () => `id${++n}`);
    expect(api.moveSubject('s1', 's2')).toBeNull();
    expect(sent.at(-1)).toEqual({ type: 'subject.move', id: 's1', after: 's2' });
    expect(api.deleteOption('s4', 'x')).toEqual({ reason: 'invalid', message: '该题型没有选项' });
    expect(api.addSubject(6, 's1')).toEqual({ uuid: 'id1', error: null });
    expect(api.addPreset('trueFalse', null)).toEqual({ uuid: 'id2', error: null });
    expect(sent.at(-1)).toEqual({ type: 'subject.add', subjectType: 1, preset: 'trueFalse', uuid: 'id2', after: null });
    expect(api.canPublish()).toBe(true);
  });

  it('refuses publishing without questions', () => {
    const { actor } = fakeActor({ document: { ...doc(), subjects: [] }, project: SAMPLE_LOADED.project });
    expect(connectEditor(actor, () => 'x').publish()).toEqual({ reason: 'notPublishable', message: '请先添加题目再发布' });
  });
});
