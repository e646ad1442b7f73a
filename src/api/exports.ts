import { queryOptions } from '@tanstack/react-query';
import type { TCreateExportJobRequest, TDownloadList, TExportJob } from '../../schemas/api/export-jobs';
import type { TExportLink } from '../../schemas/api/report';
import { currentBrand } from '../app/brand';
import { call } from './client';

/** Export jobs and 我的下载 (spec §7 "export Excel, PDF download (adds appletSource), zip", "download list"). */
const Q = 'activity/question/';

/** Queue an export; a PDF carries the brand's appletSource (spec §7), which names the brand in its footer. */
export const createExportJob = (body: TCreateExportJobRequest) =>
  call<TExportJob>('question/statement/createExportJob', body.kind === 'pdf' ? { ...body, appletSource: currentBrand().appletSource } : body);
export const getDownloadList = (page: number, pageSize: number) => call<TDownloadList>(`${Q}getDownloadList`, { page, pageSize });
export const delDownload = (jobId: string) => call<{ jobId: string }>(`${Q}delDownload`, { jobId });
export const getDownloadUrl = (jobId: string) => call<TExportLink>(`${Q}getDownloadUrl`, { jobId });

/** How often the list is read again while a job is queued or running. */
export const DOWNLOAD_POLL_MS = 1_500;

export const downloadKeys = {
  all: ['downloads'] as const,
  list: (page: number, pageSize: number) => ['downloads', 'list', page, pageSize] as const,
};

export const downloadListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: downloadKeys.list(page, pageSize),
    queryFn: () => getDownloadList(page, pageSize),
    refetchInterval: (query) => (query.state.data?.active ? DOWNLOAD_POLL_MS : false),
  });
