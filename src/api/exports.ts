import { queryOptions } from '@tanstack/react-query';
import { exportCalls } from '../../schemas/api/export-jobs';
import type { TCreateExportJobRequest } from '../../schemas/api/export-jobs';
import { currentBrand } from '../app/brand';
import { call } from './client';

/** Export jobs and 我的下载 (spec §7 "export Excel, PDF download (adds appletSource), zip", "download list"). */

/** Queue an export; a PDF carries the brand's appletSource (spec §7), which names the brand in its footer. */
export const createExportJob = (body: TCreateExportJobRequest) =>
  call(exportCalls.createExportJob, body.kind === 'pdf' ? { ...body, appletSource: currentBrand().appletSource } : body);
export const getDownloadList = (page: number, pageSize: number) => call(exportCalls.getDownloadList, { page, pageSize });
export const delDownload = (jobId: string) => call(exportCalls.delDownload, { jobId });
export const getDownloadUrl = (jobId: string) => call(exportCalls.getDownloadUrl, { jobId });

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
