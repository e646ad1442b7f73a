import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDownloadList, TExportJob } from '../../../schemas/api/export-jobs';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const Q = 'activity/question/';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function job(overrides: Partial<TExportJob> & { jobId: string }): TExportJob {
  return {
    kind: 'pdf',
    status: 'done',
    progress: 100,
    questionId: 'q_survey00001',
    projectTitle: '客户满意度调查',
    fileName: '客户满意度调查_统计报告.pdf',
    size: 245_760,
    error: null,
    createTime: minutesAgo(5),
    finishTime: minutesAgo(4),
    expireTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    ...overrides,
  };
}

let jobs: TExportJob[] = [];
const listed = (): TDownloadList => ({ list: jobs, total: jobs.length, active: jobs.filter((j) => j.status === 'queued' || j.status === 'running').length });
const clicked: { href: string; download: string }[] = [];

beforeEach(() => {
  markSession();
  clicked.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  api.current = createFakeApi({
    [`${Q}getDownloadList`]: () => listed(),
    [`${Q}getDownloadUrl`]: (body) => ({
      url: `/api/${Q}downloadFile?token=tok-${String(body.jobId)}`,
      fileName: jobs.find((j) => j.jobId === body.jobId)!.fileName,
    }),
    [`${Q}delDownload`]: (body) => {
      jobs = jobs.filter((j) => j.jobId !== body.jobId);
      return { jobId: body.jobId };
    },
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

const row = (name: string) => screen.getByText(name).closest('li')!;

describe('/myDownload.html 我的下载', () => {
  it('shows the empty state with a way to the projects', async () => {
    jobs = [];
    await renderApp('/myDownload.html');
    expect(await screen.findByText('暂无下载记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去我的项目' })).toHaveAttribute('href', '/questionnaire/list.html');
    expect(document.title).toContain('我的下载');
  });

  it('polls a running job until it is done, then downloads it through a signed link', async () => {
    jobs = [
      job({
        jobId: 'job-running-1',
        kind: 'xlsx',
        status: 'running',
        progress: 40,
        fileName: '客户满意度调查_答卷数据.xlsx',
        size: null,
        finishTime: null,
        expireTime: null,
      }),
    ];
    const user = userEvent.setup();
    await renderApp('/myDownload.html');
    const bar = await screen.findByRole('progressbar', { name: '客户满意度调查_答卷数据.xlsx 的生成进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(row('客户满意度调查_答卷数据.xlsx')).getByText('生成中 40%')).toBeInTheDocument();
    expect(within(row('客户满意度调查_答卷数据.xlsx')).getByText('项目：客户满意度调查')).toBeInTheDocument();
    expect(within(row('客户满意度调查_答卷数据.xlsx')).getByText('5分钟前')).toBeInTheDocument();
    expect(within(row('客户满意度调查_答卷数据.xlsx')).getByRole('button', { name: '下载' })).toBeDisabled();

    const before = api.current!.callsTo(`${Q}getDownloadList`).length;
    jobs = [job({ jobId: 'job-running-1', kind: 'xlsx', fileName: '客户满意度调查_答卷数据.xlsx', size: 1_572_864 })];
    await waitFor(() => expect(within(row('客户满意度调查_答卷数据.xlsx')).getByText('已完成')).toBeInTheDocument(), { timeout: 5000 });
    expect(api.current!.callsTo(`${Q}getDownloadList`).length).toBeGreaterThan(before);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(row('客户满意度调查_答卷数据.xlsx')).getByText(/1\.5 MB/)).toBeInTheDocument();

    await user.click(within(row('客户满意度调查_答卷数据.xlsx')).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(clicked).toEqual([{ href: `/api/${Q}downloadFile?token=tok-job-running-1`, download: '客户满意度调查_答卷数据.xlsx' }]));
    expect(api.current!.callsTo(`${Q}getDownloadUrl`)).toEqual([{ jobId: 'job-running-1' }]);
    // Nothing runs any more: the list stops polling.
    const settled = api.current!.callsTo(`${Q}getDownloadList`).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.current!.callsTo(`${Q}getDownloadList`).length).toBe(settled);
  }, 15_000);

  it('shows why a job failed and deletes a job after confirmation', async () => {
    jobs = [
      job({ jobId: 'job-failed-1', status: 'failed', progress: 0, size: null, error: '服务器未安装中文字体', fileName: '报名表_统计报告.pdf' }),
      job({ jobId: 'job-zip-0001', kind: 'zip', fileName: '报名表_附件.zip', createTime: minutesAgo(180) }),
    ];
    const user = userEvent.setup();
    await renderApp('/myDownload.html');
    await screen.findByText('报名表_统计报告.pdf');
    const failed = row('报名表_统计报告.pdf');
    expect(within(failed).getByText('导出失败')).toBeInTheDocument();
    expect(within(failed).getByText('服务器未安装中文字体')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: '下载' })).toBeDisabled();
    expect(within(row('报名表_附件.zip')).getByText('附件压缩包')).toBeInTheDocument();
    expect(within(row('报名表_附件.zip')).getByText('3小时前')).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: '删除 报名表_统计报告.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除“报名表_统计报告.pdf”吗？');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByText('报名表_统计报告.pdf')).toBeNull());
    expect(api.current!.callsTo(`${Q}delDownload`)).toEqual([{ jobId: 'job-failed-1' }]);
    expect(screen.getByText('报名表_附件.zip')).toBeInTheDocument();
  });
});
