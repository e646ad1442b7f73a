// Presets: a numbered type started the way a familiar question kind starts. 问卷星's 判断题 is a single choice
// (type 1) with the options 正确 / 错误, so it needs no type number of its own (design/subject-types.md fixes
// them): scoring, the respondent's widget and the report treat it as any single choice.
import { baseDefaults, newUuid, type CreateInit } from './base';
import type { TSingleChoiceSubject } from './types/single-choice';

export const TRUE_FALSE_TITLE = '判断题';
export const TRUE_FALSE_OPTIONS = ['正确', '错误'] as const;

/** 判断题: 正确 is the correct answer until the editor marks 错误 (like any exam single choice). */
export function createTrueFalse(init: CreateInit): TSingleChoiceSubject {
  const id = init.newId ?? newUuid;
  return {
    ...baseDefaults(init, TRUE_FALSE_TITLE),
    subjectType: 1,
    options: [
      { uuid: id(), title: TRUE_FALSE_OPTIONS[0], isCorrect: true },
      { uuid: id(), title: TRUE_FALSE_OPTIONS[1] },
    ],
  };
}

export const SUBJECT_PRESETS = {
  trueFalse: { subjectType: 1, name: TRUE_FALSE_TITLE, create: createTrueFalse },
} as const;
export type TSubjectPreset = keyof typeof SUBJECT_PRESETS;

export const isSubjectPreset = (value: unknown): value is TSubjectPreset =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(SUBJECT_PRESETS, value);
