import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';
import type { TQuestionType } from '../../schemas/project-kinds';

/** A subject as far as creation cares: its type decides whether it counts against the level's subject limit. */
export interface TCreationSubject {
  subjectType: number;
}

/**
 * What to create: a new project (blank, or with subjects from text import) through saveOrUpdateWxQuestion,
 * a copy of a project or template through getQuestionCopy, or a vote — blank through saveOrUpdateVote, from a vote
 * template through getTemplateByVoteId — whose voteId is the result's questionId —, or a template a friend shared
 * through copyTemplateShare (once per account and link).
 */
export type TCreationRequest =
  | {
      via: 'blank';
      questionType: TQuestionType;
      title: string;
      subtitle?: string;
      solitaireType?: number;
      subjects?: TCreationSubject[];
    }
  | {
      via: 'copy';
      questionId: string;
      /** /questionnaire/copy.html: into another kind, without settings or logic, a new title (getQuestionCopy). */
      options?: {
        toType?: 1 | 2 | 4 | 5 | 6 | 7;
        withSettings?: boolean;
        withLogic?: boolean;
        title?: string;
        /** From the task centre (/task.html, spec §9): the task's encrypted taskId and code ('2-8' needs the taskId). */
        taskId?: string;
        taskType?: '2-8' | '2-6' | '2-2' | '2-3';
      };
    }
  | { via: 'share'; shareToken: string }
  | { via: 'vote'; title: string }
  | { via: 'voteTemplate'; templateId: string };

export interface TCreationContext {
  request: TCreationRequest | null;
  /** Today's count and the level's limits, from getQuestionCount. */
  limits: TQuestionCount | null;
  questionId: string | null;
  /** The server's message when a call failed. */
  error: string | null;
}

export type TCreationEvent =
  /** A create button: `loggedIn` is the session's state when the user asked. */
  | { type: 'creation.start'; request: TCreationRequest; loggedIn: boolean }
  /** 升级版本 on a limit dialog: opens the member page in a new tab. */
  | { type: 'dialog.confirm' }
  /** The limit dialog was closed. */
  | { type: 'dialog.dismiss' }
  /** Try the same request again after a failure. */
  | { type: 'creation.retry' }
  | { type: 'error.dismiss' };

export interface TCreationOutput {
  questionId: string;
}

export type { TCreateResult, TQuestionCount };
