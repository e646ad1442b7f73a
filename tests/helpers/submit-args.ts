import type { SubmitArgs } from '../../server/services/submit/submit-batch.service';

/**
 * One sheet as the submit batch sends it to wj_submit / wj_submit_many, with nothing that can refuse it (no choices,
 * quotas, limits or cap; 16 shards): the tests give the project, its stamp and ids, and what differs.
 */
export const plainSubmitArgs = (sheet: Pick<SubmitArgs, 'project' | 'version' | 'stamp' | 'publicId' | 'submission'> & Partial<SubmitArgs>): SubmitArgs => ({
  hash: 'h',
  user: null,
  device: 'd',
  ip: '127.0.0.1',
  source: 'link',
  answers: {},
  result: {},
  score: null,
  duration: 0,
  suspect: false,
  subjectIds: [],
  optionIds: [],
  shards: 16,
  quotaIds: [],
  quotaLimits: [],
  limitKinds: [],
  limitKeys: [],
  limitValues: [],
  cap: null,
  wechatOpenid: null,
  ...sheet,
});
