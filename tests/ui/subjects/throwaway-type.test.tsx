// Issue 18's acceptance: a subject type added through the registries alone — its schema entry
// (schemas/subjects/registry.ts), its look (src/subjects/subject-looks.ts) and its respondent widget
// (src/respond/widgets/registry.ts) — shows in the editor's palette, draws on the canvas and is answered on the
// respondent page, with no other file knowing it. (Its report is tests/server/statement/throwaway-type.test.ts.)
import { DndContext } from '@dnd-kit/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThumbsUp } from 'lucide-react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../../../schemas/subjects/base';
import { ZChoiceAnswer, ZOptionList, choiceRules, formatChoice, isChoiceEmpty } from '../../../schemas/subjects/choice';
import { subjectRegistry, type AnySubjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NAMES, type SubjectTypeNumber } from '../../../schemas/subjects/subject-types';
import { Palette } from '../../../src/features/editor/subject/palette';
import { SubjectBody } from '../../../src/features/editor/subject/subject-body';
import type { TSubjectLook } from '../../../src/subjects/subject-look';
import { SUBJECT_LOOKS } from '../../../src/subjects/subject-looks';
import { RespondApp } from '../../../src/respond/respond-app';
import { RESPOND_LOOKS, type TRespondLook } from '../../../src/respond/widgets/registry';
import type { TWidgetProps } from '../../../src/respond/widgets/shared';
import { form } from '../respond/fixtures';

const THUMBS = 99;
// The type's name in the zod-free catalogue: what makes it a numbered question (schemas/subjects/subject-types.ts).
(SUBJECT_TYPE_NAMES as Record<number, { zh: string; en: string }>)[THUMBS] = { zh: '点赞', en: 'thumbs' };
const ZThumbsSubject = z.extend(ZSubjectBase, { subjectType: z.literal(THUMBS), options: ZOptionList });
type TThumbs = z.infer<typeof ZThumbsSubject>;

/** 点赞题: pick 赞 or 踩 — a single choice in its own clothes. */
const thumbsEntry = defineSubjectType(
  ZThumbsSubject,
  ZChoiceAnswer,
)({
  subjectType: THUMBS as SubjectTypeNumber,
  create: (init) => ({ ...baseDefaults(init, '点赞题'), subjectType: THUMBS, options: defaultOptions(init, ['赞', '踩']) }),
  isEmpty: isChoiceEmpty,
  rules: (s, a) => choiceRules(s.options, a, { single: true }),
  format: (s, a) => formatChoice(s.options, a),
});

const optionsOf = (subject: TSubject) => (subject as unknown as TThumbs).options;

const thumbsLook: TSubjectLook = {
  icon: ThumbsUp,
  palette: { group: '评分题', at: 6 },
  Preview: ({ subject }) => (
    <p>
      {optionsOf(subject)
        .map((o) => `👍 ${o.title}`)
        .join(' / ')}
    </p>
  ),
};

function ThumbsWidget({ subject, value, onChange }: TWidgetProps) {
  const picked = (value as { optionIds?: string[] } | undefined)?.optionIds?.[0];
  return (
    <div>
      {optionsOf(subject).map((o) => (
        <button key={o.uuid} type="button" aria-pressed={picked === o.uuid} onClick={() => onChange({ optionIds: [o.uuid] })}>
          {o.title}
        </button>
      ))}
    </div>
  );
}

const schemaRegistry = subjectRegistry as Map<number, AnySubjectEntry>;
const looks = SUBJECT_LOOKS as unknown as Record<number, TSubjectLook>;
const respondLooks = RESPOND_LOOKS as unknown as Record<number, TRespondLook>;

beforeAll(() => {
  schemaRegistry.set(THUMBS, thumbsEntry as unknown as AnySubjectEntry);
  looks[THUMBS] = thumbsLook;
  respondLooks[THUMBS] = { widget: ThumbsWidget };
});
afterAll(() => {
  schemaRegistry.delete(THUMBS);
  delete looks[THUMBS];
  delete respondLooks[THUMBS];
  delete (SUBJECT_TYPE_NAMES as Record<number, unknown>)[THUMBS];
});

const thumbs = (uuid: string): TSubject =>
  ({
    ...thumbsEntry.create({
      uuid,
      indexSort: 1,
      newId: (() => {
        let n = 0;
        return () => `${uuid}-o${++n}`;
      })(),
    }),
    title: '喜欢这个功能吗',
  }) as unknown as TSubject;

describe('a throwaway subject type registered in the registries alone', () => {
  it('is offered by the editor palette in its group, and a click adds that type', () => {
    const onAdd = vi.fn();
    render(
      <DndContext>
        <Palette onAdd={onAdd} questionType={1} />
      </DndContext>,
    );
    const group = screen.getByRole('region', { name: '评分题' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.at(-1)).toHaveAccessibleName('添加点赞');
    fireEvent.click(buttons.at(-1)!);
    expect(onAdd).toHaveBeenCalledWith({ subjectType: THUMBS });
  });

  it('draws its own preview on the canvas', () => {
    render(<SubjectBody subject={thumbs('c1')} />);
    expect(screen.getByText('👍 赞 / 👍 踩')).toBeInTheDocument();
  });

  describe('on the respondent page', () => {
    const SUBMITTED = {
      sheetId: 's1',
      score: null,
      conclusion: { title: '提交成功', content: '<p>感谢您的参与！</p>', redirectUrl: null },
      showScore: false,
      showCorrectAnswers: false,
      showAnalysis: false,
      correct: null,
    };
    let served: unknown;
    const posted: unknown[] = [];
    beforeEach(() => {
      localStorage.clear();
      posted.length = 0;
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        if (String(url).includes('submit')) {
          posted.push(JSON.parse(String(init?.body)));
          return { json: async () => ({ resultCode: '200', resultMsg: '成功', data: SUBMITTED }) } as Response;
        }
        return { json: async () => ({ resultCode: '200', resultMsg: '成功', data: served }) } as Response;
      });
    });

    it('is numbered, required, answered with its widget and submitted', async () => {
      const user = userEvent.setup();
      const subject = thumbs('r1');
      served = form([subject]);
      render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);
      const fieldset = await screen.findByRole('group', { name: /1\.\s*喜欢这个功能吗/ });

      await user.click(screen.getByRole('button', { name: '提交' }));
      expect(await within(fieldset).findByText(/此题为必答题/)).toBeInTheDocument();
      expect(posted).toHaveLength(0);

      await user.click(within(fieldset).getByRole('button', { name: '赞' }));
      await user.click(screen.getByRole('button', { name: '提交' }));
      await vi.waitFor(() => expect(posted).toHaveLength(1));
      expect(JSON.stringify(posted[0])).toContain('r1-o1');
      expect(await screen.findByText('提交成功')).toBeInTheDocument();
    });
  });
});
