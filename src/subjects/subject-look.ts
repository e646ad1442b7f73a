import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { TSubject } from '../../schemas/subjects/registry';
import type { TCommit } from './property-fields';

/** The palette's groups, in the order the palette shows them. */
export const PALETTE_GROUP_NAMES = ['选择题', '填空题', '矩阵题', '评分题', '个人信息', '文件与签名', '布局', '收款与预约'] as const;
export type TPaletteGroupName = (typeof PALETTE_GROUP_NAMES)[number];

/**
 * The project a subject is drawn for: given by the editor's canvas and property panel only, so a look that shows
 * the project's own settings (预约's schedule) reads them there; absent in the subject library and elsewhere.
 */
export interface TLookProject {
  questionId: string;
  questionType: number;
}

/** What a type's own property fields receive. */
export interface TFieldContext<S extends TSubject = TSubject> {
  subject: S;
  exam: boolean;
  project?: TLookProject;
  commit: (key: string) => TCommit<unknown>;
  patch: (patch: Record<string, unknown>) => void;
}

export type TChoiceMark = 'radio' | 'check' | 'rank';

/** How a choice type's options look and what the option editor offers. */
export interface TChoiceLook<S extends TSubject = TSubject> {
  /** The mark before each option; a function when the subject's own setting decides (下拉 / 图片 may allow several). */
  mark: TChoiceMark | ((subject: S) => TChoiceMark);
  /** A text box after an option: each option may have one, every option has one (选项填空), or none (排序). */
  fillIn: 'optional' | 'always' | 'never';
  /** Options carry pictures (upload, rotate). */
  images?: boolean;
}

/**
 * What a subject type looks like in the creator's app: one entry per type in subject-looks.ts. What the type is
 * (schema, defaults, answers, traits) lives in schemas/subjects/; the respondent's widget in src/respond/widgets/.
 */
export interface TSubjectLook<S extends TSubject = TSubject> {
  icon: LucideIcon;
  /** Where the palette shows it: the group, and the place inside it. */
  palette: { group: TPaletteGroupName; at: number; aloneGroupName?: string };
  /** The type's name when SUBJECT_TYPE_NAMES has none. */
  label?: string;
  /** The canvas preview: how a respondent will see it, drawn without inputs. */
  Preview: ComponentType<{ subject: S; exam?: boolean; project?: TLookProject }>;
  /** The property panel's fields this type draws itself (lists, dates, images); generic fields come from its schema. */
  fields?: (ctx: TFieldContext<S>) => ReactNode[];
  /** Schema fields the generic panel leaves out because `fields` draws them. */
  ownFields?: readonly string[];
  /** Sections after 题型设置 (a note about what the type does). */
  notes?: (exam: boolean) => ReactNode;
  /** What the selected card edits in place instead of the preview: the options, or the description as the body. */
  cardEditor?: 'options' | 'description';
  /** Layout blocks whose stem may stay empty (a line, a picture, a video, an audio). */
  optionalStem?: boolean;
  choice?: TChoiceLook<S>;
}

export const choiceMark = <S extends TSubject>(choice: TChoiceLook<S>, subject: S): TChoiceMark =>
  typeof choice.mark === 'function' ? choice.mark(subject) : choice.mark;
