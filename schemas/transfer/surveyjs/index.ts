import type { TransferProject } from '../project';
import type { TTransferReport } from '../report';

/**
 * SurveyJS JSON both ways (issue 53 item 2; helper surveyjs replaces these bodies within stop 66): every subject type
 * with an equivalent, logic expressions where they map, and a report of what could not be mapped.
 */
export type SurveyJsJson = Record<string, unknown>;

export function toSurveyJs(project: TransferProject): { json: SurveyJsJson; report: TTransferReport } {
  void project;
  throw new Error('toSurveyJs: not built yet');
}

export function fromSurveyJs(json: unknown): { project: TransferProject; report: TTransferReport } {
  void json;
  throw new Error('fromSurveyJs: not built yet');
}
