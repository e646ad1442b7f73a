import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RespondApp } from '../../../src/respond/respond-app';
import { form, make } from './fixtures';

// The page acts on a refusal's data.reason (schemas/refusals.ts), not on its wording: these replies use wording
// the page has never seen, and a reason-less refusal that reads like a closed one stays a plain banner.
type Reply = { resultCode: string; resultMsg: string; data: unknown };
let replies: Record<string, () => Reply>;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.replace(/^\/api\//, '');
    calls.push(path);
    const reply = replies[path]?.() ?? { resultCode: '404', resultMsg: 'not found', data: null };
    return { json: async () => reply } as Response;
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
const refusal = (resultMsg: string, reason?: string): Reply => ({ resultCode: '409', resultMsg, data: reason ? { reason } : null });
const sheet = form([make(6, { title: '姓名', required: false })]);
const app = () => render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);
const submitWith = async (reply: Reply) => {
  replies = { 'active/write/getQuestion': () => ok(sheet), 'active/write/submit': () => reply };
  app();
  await userEvent.setup().click(await screen.findByRole('button', { name: '提交' }));
};

describe('refusal reasons on the respondent page', () => {
  it.each([
    ['paused', '发布者暂时停止了收集，请稍后再来'],
    ['notStarted', '还没到开始时间，请稍后再来'],
    ['ended', '本问卷已停止收集，感谢您的关注'],
  ])('getQuestion refused with %s says what to do under the server wording', async (reason, text) => {
    replies = { 'active/write/getQuestion': () => refusal('Closed for now', reason) };
    app();
    expect(await screen.findByText('Closed for now')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each(['full', 'deviceLimit', 'userLimit', 'ipLimit', 'paused'])('a submit refused with %s closes the sheet', async (reason) => {
    await submitWith(refusal('No more answers', reason));
    expect(await screen.findByText('No more answers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('optionFull keeps the sheet, says why and asks for the quotas again', async () => {
    await submitWith(refusal('That option just filled', 'optionFull'));
    expect(await screen.findByText('That option just filled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((path) => path === 'active/write/getQuestion')).toHaveLength(2));
  });

  it('a refusal without a reason stays a banner on the sheet, whatever its wording', async () => {
    await submitWith(refusal('答卷数量已达上限，问卷已暂停收集'));
    expect(await screen.findByText('答卷数量已达上限，问卷已暂停收集')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交' })).toBeInTheDocument();
    expect(calls.filter((path) => path === 'active/write/getQuestion')).toHaveLength(1);
  });
});
