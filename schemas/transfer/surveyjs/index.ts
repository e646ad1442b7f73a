import type { TransferProject } from '../project';
import type { TTransferReport } from '../report';
import { exportProject } from './export';
import { importSurvey } from './import';

/**
 * SurveyJS JSON both ways (issue 53 item 2): every subject type with an equivalent (table in types.ts), logic
 * expressions where they map, and a report of what could not be mapped. Pure: no survey-core at run time.
 */
export type SurveyJsJson = Record<string, unknown>;
export { SurveyJsFormatError } from './types';

export function toSurveyJs(project: TransferProject): { json: SurveyJsJson; report: TTransferReport } {
  return exportProject(project);
}

/** Throws SurveyJsFormatError (message "不是有效的 SurveyJS JSON：…") when the input is not SurveyJS JSON at all. */
export function fromSurveyJs(json: unknown): { project: TransferProject; report: TTransferReport } {
  return importSurvey(json);
}
