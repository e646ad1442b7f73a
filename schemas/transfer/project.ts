import type { TLogic } from '../logic/ast';
import type { TSubject } from '../subjects/registry';

/** The part of a project every transfer format carries: what the editor shows and the logic between subjects. */
export interface TransferProject {
  title: string;
  subtitle: string;
  /** The project kind (schemas/project-kinds.ts): 1 survey, 2 exam, 3 form, … */
  questionType: number;
  subjects: TSubject[];
  logic: TLogic;
}
