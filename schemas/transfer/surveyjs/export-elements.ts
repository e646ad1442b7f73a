// One of our subjects as one SurveyJS element (the table is in types.ts). Returns what expressions need to name
// its options, and what it carries that SurveyJS cannot hold (for the report).
import type { TSubject } from '../../subjects/registry';
import { choicesOut, optionLosses } from './choices';
import type { ExprSubject } from './expressions';
import { matrixOut } from './matrices';
import { escapeHtml, toPlain } from './text';
import { ID_CARD_REGEX, type SjObject } from './types';

export interface ElementOut {
  element: SjObject;
  expr: Omit<ExprSubject, 'name'>;
  /** Parts SurveyJS has no place for. */
  losses: string[];
}

/** Why a type has no SurveyJS equivalent. */
export const NO_EQUIVALENT: Partial<Record<number, string>> = {
  4: 'SurveyJS 没有省市区选择题',
  17: 'SurveyJS 没有级联选择题',
  29: 'SurveyJS 没有地图定位题',
  34: 'SurveyJS 没有商品与支付',
  37: 'SurveyJS 没有预约时段',
};

function choiceElement(s: Extract<TSubject, { options: unknown }>, type: string, many: boolean): ElementOut {
  const { choices, values } = choicesOut(s.options, many);
  const element: SjObject = { type, choices };
  const correct = s.options.filter((o) => o.isCorrect).map((o) => values.get(o.uuid)!);
  if (correct.length) element.correctAnswer = many ? correct : correct[0];
  const titles = new Map(s.options.map((o) => [toPlain(o.title), o.uuid]));
  const expr = { choice: (o: string) => (values.has(o) ? { value: values.get(o)! } : undefined), many, optionByTitle: (t: string) => titles.get(t.trim()) };
  return { element, expr, losses: optionLosses(s.options) };
}

/** A block's title as the heading of its html (read back as the title on import). */
const headed = (title: string) => (toPlain(title) ? `<h4>${escapeHtml(toPlain(title))}</h4>` : '');
const html = (markup: string): ElementOut => ({ element: { type: 'html', html: markup }, expr: {}, losses: [] });
const plain = (element: SjObject, losses: string[] = []): ElementOut => ({ element, expr: {}, losses });
const numeric = (element: SjObject, losses: string[] = []): ElementOut => ({ element, expr: {}, losses });

function textOut(s: TSubject & { subjectType: 6 }): ElementOut {
  const element: SjObject = { type: 'text', maxLength: s.maxLength };
  if (s.preset === 'url') element.inputType = 'url';
  if (s.placeholder) element.placeholder = s.placeholder;
  if (s.acceptedAnswers?.length) element.correctAnswer = s.acceptedAnswers[0];
  const losses: string[] = [];
  if (s.preset !== 'any' && s.preset !== 'url') losses.push(`输入格式（${s.preset}）`);
  if (s.minLength !== undefined) losses.push('最少字数');
  if ((s.acceptedAnswers?.length ?? 0) > 1) losses.push('第一个以外的参考答案');
  return plain(element, losses);
}

/** The element of a subject, or undefined when the type has no equivalent (NO_EQUIVALENT says why). */
export function elementOut(s: TSubject): ElementOut | undefined {
  switch (s.subjectType) {
    case 1:
    case 8:
      return choiceElement(s, 'radiogroup', false);
    case 2: {
      const out = choiceElement(s, 'checkbox', true);
      if (s.minPicks !== undefined) out.element.minSelectedChoices = s.minPicks;
      if (s.maxPicks !== undefined) out.element.maxSelectedChoices = s.maxPicks;
      return out;
    }
    case 3: {
      const out = choiceElement(s, s.multiple ? 'tagbox' : 'dropdown', s.multiple);
      if (s.multiple && s.maxPicks !== undefined) out.element.maxSelectedChoices = s.maxPicks;
      if (s.multiple && s.minPicks !== undefined) out.element.minSelectedChoices = s.minPicks;
      return out;
    }
    case 5: {
      const out = choiceElement(s, 'imagepicker', s.multiple);
      (out.element.choices as SjObject[]).forEach((c, i) => (c.imageLink = s.options[i]!.image));
      out.losses = out.losses.filter((l) => l !== '选项图片');
      if (s.multiple) out.element.multiSelect = true;
      out.element.showLabel = true;
      return out;
    }
    case 9: {
      const out = choiceElement(s, 'ranking', true);
      delete out.element.correctAnswer;
      if (s.correctOrder?.length)
        out.element.correctAnswer = s.correctOrder.map((id) => (out.element.choices as SjObject[])[s.options.findIndex((o) => o.uuid === id)]?.value);
      if (!s.rankAll) out.losses.push('只排其中几项');
      return out;
    }
    case 6:
      return textOut(s);
    case 7: {
      const element: SjObject = { type: 'comment', maxLength: s.maxLength };
      if (s.rows) element.rows = s.rows;
      if (s.placeholder) element.placeholder = s.placeholder;
      return plain(element, s.minLength !== undefined ? ['最少字数'] : []);
    }
    case 10:
      return plain(
        {
          type: 'multipletext',
          items: s.blanks.map((b, i) => ({ name: `b${i + 1}`, title: b.label || `填空${i + 1}`, ...(b.required ? { isRequired: true } : {}) })),
        },
        s.blanks.some((b) => b.acceptedAnswers?.length) ? ['填空参考答案'] : [],
      );
    case 20:
      return plain({ type: 'multipletext', items: s.items.map((it, i) => ({ name: `i${i + 1}`, title: toPlain(it.title), inputType: 'number' })) }, [
        `各项总和须为 ${s.total}`,
      ]);
    case 11:
    case 12:
    case 18:
    case 25: {
      const m = matrixOut(s);
      const many = s.subjectType === 12;
      const choice = (id: string) => {
        const colon = id.indexOf(':');
        const row = m.rowValue.get(id.slice(0, colon));
        const value = m.cellValue(id.slice(colon + 1));
        return row === undefined || value === undefined ? undefined : { row, value };
      };
      const losses = s.subjectType === 12 && (s.minPerRow !== undefined || s.maxPerRow !== undefined) ? ['每行最少/最多选择数'] : [];
      return { element: m.element, expr: s.subjectType === 25 ? {} : { choice, many }, losses };
    }
    case 13:
      return plain(
        {
          type: 'file',
          storeDataAsText: false,
          maxSize: Math.round(s.maxSizeMb * 1024 * 1024),
          ...(s.accept.length ? { acceptedTypes: s.accept.map((x) => `.${x}`).join(',') } : {}),
          ...(s.maxCount > 1 ? { allowMultiple: true, maxFiles: s.maxCount } : {}),
        },
        s.minCount !== undefined ? ['最少文件数'] : [],
      );
    case 14:
      return numeric({
        type: 'text',
        inputType: s.mode === 'datetime' ? 'datetime-local' : s.mode,
        ...(s.min !== undefined ? { min: s.min } : {}),
        ...(s.max !== undefined ? { max: s.max } : {}),
      });
    case 21:
      return numeric(
        { type: 'text', inputType: 'number', ...(s.min !== undefined ? { min: s.min } : {}), ...(s.max !== undefined ? { max: s.max } : {}) },
        s.unit ? ['单位'] : [],
      );
    case 19:
      return numeric({
        type: 'rating',
        rateMin: s.start,
        rateMax: s.start + s.points - 1,
        minRateDescription: s.labels?.[0] || s.minLabel,
        maxRateDescription: s.labels?.[s.points - 1] || s.maxLabel,
      });
    case 22:
      return numeric({ type: 'rating', rateMin: 0, rateMax: 10, minRateDescription: s.minLabel, maxRateDescription: s.maxLabel });
    case 23:
      return numeric({ type: 'rating', rateType: 'stars', rateMin: 1, rateMax: s.stars });
    case 38:
      return numeric({ type: 'rating', rateType: 'stars', rateMin: 1, rateMax: s.maxScore }, [
        ...(s.labels.length ? ['评价标签'] : []),
        ...(s.allowComment ? ['评价留言'] : []),
      ]);
    case 24:
      return numeric({ type: 'slider', min: s.min, max: s.max, step: s.step }, s.minLabel || s.maxLabel ? ['两端文字'] : []);
    case 26:
      return plain({ type: 'text', inputType: 'tel' }, s.smsVerify ? ['短信验证'] : []);
    case 27:
      return plain({ type: 'text', inputType: 'email' });
    case 28:
      return plain({ type: 'text', validators: [{ type: 'regex', regex: ID_CARD_REGEX, text: '请输入18位身份证号' }] });
    case 33:
      return plain({ type: 'signaturepad' });
    case 15:
      return html(`${headed(s.title)}${s.description}`);
    case 30:
      return html(`<hr style="border-style:${s.lineStyle}">`);
    case 31:
      return plain({ type: 'image', imageLink: s.url, altText: s.alt, contentMode: 'image' }, s.link ? ['图片链接'] : []);
    case 32:
      return plain({ type: 'image', imageLink: s.url, contentMode: 'video' }, s.poster ? ['视频封面'] : []);
    case 35:
      return html(`<audio controls src="${escapeHtml(s.url)}"></audio>`);
    case 36: {
      const lines = [s.name, s.phone && `电话：${s.phone}`, s.wechat && `微信：${s.wechat}`, s.email && `邮箱：${s.email}`, s.address && `地址：${s.address}`];
      return html(
        headed(s.title) +
          lines
            .filter(Boolean)
            .map((l) => `<p>${escapeHtml(l as string)}</p>`)
            .join(''),
      );
    }
    default:
      return undefined;
  }
}
