import { queryOptions } from '@tanstack/react-query';
import { certificateCalls } from '../../schemas/api/certificate';
import type { TRequestOf } from '../../schemas/api/contract';
import { drawCalls } from '../../schemas/api/draw';
import { call } from './client';

/** The creator's 答题抽奖, 考试证书 and 分享海报 calls (activity/question/draw|certificate|poster/*). */
export const drawKeys = {
  setting: (questionId: string) => ['draw', questionId, 'setting'] as const,
  winners: (questionId: string, pageNo: number) => ['draw', questionId, 'winners', pageNo] as const,
  certificate: (questionId: string) => ['certificate', questionId, 'setting'] as const,
};

export const drawSettingQuery = (questionId: string) =>
  queryOptions({ queryKey: drawKeys.setting(questionId), queryFn: () => call(drawCalls.getDrawSetting, { questionId }), enabled: !!questionId });
export const saveDrawSetting = (body: TRequestOf<typeof drawCalls.saveDrawSetting>) => call(drawCalls.saveDrawSetting, body);

export const WINNERS_PAGE_SIZE = 20;
export const winnersQuery = (questionId: string, pageNo: number) =>
  queryOptions({
    queryKey: drawKeys.winners(questionId, pageNo),
    queryFn: () => call(drawCalls.getWinnerList, { questionId, pageNo, pageSize: WINNERS_PAGE_SIZE }),
    enabled: !!questionId,
    refetchOnWindowFocus: 'always',
  });
/** Every winner, for the export (at most 5000). */
export const allWinners = (questionId: string) => call(drawCalls.getWinnerList, { questionId, pageNo: 1, pageSize: 5000 });

export const certificateSettingQuery = (questionId: string) =>
  queryOptions({
    queryKey: drawKeys.certificate(questionId),
    queryFn: () => call(certificateCalls.getCertificateSetting, { questionId }),
    enabled: !!questionId,
  });
export const saveCertificateSetting = (body: TRequestOf<typeof certificateCalls.saveCertificateSetting>) => call(certificateCalls.saveCertificateSetting, body);
export const verifyCertificate = (serialNo: string) => call(certificateCalls.verifyCertificate, { serialNo }, { quiet: true });
export const getPoster = (questionId: string) => call(certificateCalls.getPoster, { questionId });
