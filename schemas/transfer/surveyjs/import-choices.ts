// SurveyJS choice questions (radiogroup, checkbox, dropdown, tagbox, imagepicker, ranking) as our choice subjects.
import type { TOption } from '../../subjects/base';
import type { TSubject } from '../../subjects/registry';
import { optionsIn, readChoices, valueKey, type ChoiceIn } from './choices';
import { built, make, type BuildResult, type Ctx, type Reader } from './import-reader';

const SPECIAL_ITEMS: [flag: string, value: string, textKey: string, text: string, fillIn: boolean, exclusive: boolean][] = [
  ['showNoneItem', 'none', 'noneText', '以上都不是', false, true],
  ['showRefuseItem', 'refused', 'refuseText', '拒绝回答', false, true],
  ['showDontKnowItem', 'dontknow', 'dontKnowText', '不知道', false, true],
  ['showOtherItem', 'other', 'otherText', '其他', true, false],
];

export function choiceSubject(r: Reader, type: string, ctx: Ctx): BuildResult {
  const choices = readChoices(r.get('choices'));
  if (!choices) return { reason: '选项列表无法读取' };
  const all: ChoiceIn[] = [...choices];
  if (r.get('hasOther') === true && r.el.showOtherItem === undefined) r.el.showOtherItem = true;
  for (const [flag, value, textKey, text, fillIn, exclusive] of SPECIAL_ITEMS) {
    if (r.get(flag) !== true) continue;
    all.push({ value, text: r.str(textKey) ?? text, comment: fillIn, commentRequired: fillIn, exclusive: exclusive && type !== 'radiogroup' });
  }
  if (all.length === 0) return { reason: '没有选项' };
  const options = optionsIn(all, ctx.newId);
  const byValue = new Map(all.map((c, i) => [valueKey(c.value), options[i]!.uuid]));
  const notes: string[] = [];
  for (const key of ['choicesVisibleIf', 'choicesEnableIf', 'choicesByUrl', 'choicesFromQuestion']) if (r.get(key) !== undefined) notes.push(`属性 ${key}`);
  if (r.get('choicesOrder') === 'random') notes.push('选项随机排序');
  if (r.get('showSelectAllItem') === true) notes.push('“全选”选项');
  const correct = r.get('correctAnswer');
  const correctIds = (Array.isArray(correct) ? correct : correct === undefined ? [] : [correct])
    .map((v) => byValue.get(valueKey(v as string)))
    .filter((x): x is string => !!x);
  const subject = subjectForChoices(type, r, options, all, ctx);
  if (subject.subjectType === 9) {
    if (correctIds.length) subject.correctOrder = correctIds;
  } else for (const o of options) if (correctIds.includes(o.uuid)) o.isCorrect = true;
  const out = built(subject, { optionOf: (v) => byValue.get(valueKey(v)) }, notes);
  out.scored = correctIds.length > 0;
  out.choiceConditions = all.flatMap((c, i) => (c.visibleIf && c.visibleIf.trim() !== 'false' ? [{ option: options[i]!.uuid, expression: c.visibleIf }] : []));
  return out;
}

function subjectForChoices(type: string, r: Reader, options: TOption[], all: ChoiceIn[], ctx: Ctx): TSubject {
  const picks = { minPicks: r.num('minSelectedChoices'), maxPicks: r.num('maxSelectedChoices') };
  const limits = Object.fromEntries(Object.entries(picks).filter(([, v]) => v !== undefined && v > 0));
  switch (type) {
    case 'checkbox':
      return { ...make(2, ctx), options, ...limits };
    case 'tagbox':
      return { ...make(3, ctx), options, multiple: true, ...limits };
    case 'dropdown':
      return { ...make(3, ctx), options, multiple: false };
    case 'imagepicker': {
      const multiple = r.get('multiSelect') === true;
      return { ...make(5, ctx), multiple, options: options.map((o, i) => ({ ...o, image: all[i]!.imageLink ?? '' })), ...(multiple ? limits : {}) };
    }
    case 'ranking':
      return { ...make(9, ctx), options, rankAll: true };
    default:
      return options.every((o) => o.fillIn) ? { ...make(8, ctx), options } : { ...make(1, ctx), options };
  }
}
