import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RespondApp } from '../../../src/respond/respond-app';
import { detectSource, questionIdFromPath } from '../../../src/respond/location';
import { readDraft } from '../../../src/respond/draft';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { TAnswerForm } from '../../../src/respond/types';
import { form, make, opts } from './fixtures';

type Reply = { resultCode: string; resultMsg: string; data: unknown };
let replies: Record<string, (body: Record<string, unknown>) => Reply>;
const calls: Array<{ path: string; body: Record<string, unknown> }> = [];

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const reply = replies[path]?.(body) ?? { resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null };
    return { json: async () => reply } as Response;
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
/** When the server recorded the exam's start (ms); by default the moment the page asks. */
let examStartedAt: number | null = null;
const serve = (f: TAnswerForm, submit?: (body: Record<string, unknown>) => Reply) => {
  examStartedAt = null;
  replies = {
    'active/write/getQuestion': () => ok(f),
    'active/write/startExam': () => {
      const now = Date.now();
      const startedAt = examStartedAt ?? now;
      return ok({
        startedAt: new Date(startedAt).toISOString(),
        deadline: new Date(startedAt + (f.settings.examMinutes ?? 0) * 60_000).toISOString(),
        serverTime: new Date(now).toISOString(),
      });
    },
    'active/write/submit':
      submit ??
      (() =>
        ok({
          sheetId: 's1',
          score: null,
          conclusion: { title: '提交成功', content: '<p>感谢您的参与！</p>', redirectUrl: null },
          showScore: false,
          showCorrectAnswers: false,
          showAnalysis: false,
          correct: null,
        })),
  };
};
const app = () => render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);

describe('respondent page', () => {
  it('reads the questionId from /s/{id} and the source from the query, the frame or WeChat', () => {
    expect(questionIdFromPath('/s/AbC_123-x')).toBe('AbC_123-x');
    expect(questionIdFromPath('/x/1')).toBe('');
    expect(detectSource(new URLSearchParams('source=qr'), '', false)).toBe('qr');
    expect(detectSource(new URLSearchParams(''), 'Mozilla MicroMessenger/8.0', false)).toBe('wechat');
    expect(detectSource(new URLSearchParams(''), '', true)).toBe('embed');
    expect(detectSource(new URLSearchParams(''), '', false)).toBe('link');
  });

  it('pages with 下一页/上一页, shows schema messages in a fieldset and announces the first one', async () => {
    const user = userEvent.setup();
    const a = make(1, { title: '性别', options: opts('男', '女') });
    const pageBreak = make(16);
    const b = make(6, { title: '姓名' });
    serve(form([a, pageBreak, b]));
    app();
    const first = await screen.findByRole('group', { name: /性别/ });
    expect(document.documentElement.style.getPropertyValue('--r-primary')).toBe('#16a34a');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(within(first).getByText('此题为必答题')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[aria-live="assertive"]')).toHaveTextContent('第1题：此题为必答题'));
    expect(within(first).getAllByRole('radio')[0]).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(first).getByText('女'));
    expect(within(first).queryByText('此题为必答题')).toBeNull();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('group', { name: /姓名/ })).toBeInTheDocument();
    expect(screen.getByText('第 2/2 页')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(within(screen.getByRole('group', { name: /性别/ })).getByRole('radio', { name: '女' })).toBeChecked();
  });

  it('shows option labels saved with markup as their text, and plain labels as typed', async () => {
    const a = make(1, { title: '满意度', options: opts('<b>非常满意</b>', '年龄<18岁', 'A&B') });
    serve(form([a]));
    app();
    const group = await screen.findByRole('group', { name: /满意度/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent),
    ).toEqual(['非常满意', '年龄<18岁', 'A&B']);
    expect(group.innerHTML).not.toContain('&lt;b&gt;');
  });

  it('keeps a draft and offers it back; 重新开始 starts a new sheet', async () => {
    const user = userEvent.setup();
    const b = make(6, { title: '姓名' });
    serve(form([b]));
    const view = app();
    await user.type(within(await screen.findByRole('group', { name: /姓名/ })).getByRole('textbox'), '李雷');
    await act(() => new Promise((r) => setTimeout(r, 450)));
    const draft = readDraft('qid-12345678')!;
    expect(draft.answers[b.uuid]).toBe('李雷');
    view.unmount();
    app();
    await user.click(await screen.findByRole('button', { name: '继续上次的填写' }));
    expect(within(screen.getByRole('group', { name: /姓名/ })).getByRole('textbox')).toHaveValue('李雷');
  });

  it('submits visible answers with the draft submission id and shows the conclusion', async () => {
    const user = userEvent.setup();
    const b = make(6, { title: '姓名' });
    serve(form([b]));
    app();
    await user.type(within(await screen.findByRole('group', { name: /姓名/ })).getByRole('textbox'), '韩梅梅');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByRole('heading', { name: '提交成功' })).toBeInTheDocument();
    const submit = calls.find((c) => c.path === 'active/write/submit')!.body;
    expect(submit.answers).toEqual({ [b.uuid]: '韩梅梅' });
    expect(submit).toMatchObject({ questionId: 'qid-12345678', source: 'link' });
    expect(String(submit.submissionId)).toMatch(/^[\w-]{8,}$/);
    expect(readDraft('qid-12345678')).toBeNull();
  });

  it('puts a "400" naming a subject under that subject', async () => {
    const user = userEvent.setup();
    const b = make(6, { title: '姓名', required: false });
    serve(form([b]), () => ({ resultCode: '400', resultMsg: `subjects.${b.uuid}: 第1题：请输入中文`, data: null }));
    app();
    await user.click(await screen.findByRole('button', { name: '提交' }));
    expect(await within(screen.getByRole('group', { name: /姓名/ })).findByText('请输入中文')).toBeInTheDocument();
  });

  it('with 向答题者展示统计结果 the conclusion shows how everyone answered, asked with this sheet id', async () => {
    const user = userEvent.setup();
    const a = make(1, { title: '季节', options: opts('春', '秋') });
    serve(form([a]), () =>
      ok({
        sheetId: 'sheet-9',
        score: null,
        conclusion: { title: '提交成功', content: '', redirectUrl: null },
        showScore: false,
        showCorrectAnswers: false,
        showAnalysis: false,
        correct: null,
        showResults: true,
      }),
    );
    replies['active/write/getResults'] = () =>
      ok({
        total: 3,
        subjects: [
          {
            uuid: a.uuid,
            title: '季节',
            index: 1,
            multiple: false,
            base: 3,
            options: [
              { uuid: 'x', title: '春', count: 2, percent: 66.67 },
              { uuid: 'y', title: '秋', count: 1, percent: 33.33 },
            ],
          },
        ],
      });
    app();
    await user.click(within(await screen.findByRole('group', { name: /季节/ })).getByText('春'));
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('共 3 份答卷')).toBeInTheDocument();
    expect(screen.getByLabelText('春：2票，66.67%')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'active/write/getResults')!.body).toEqual({ questionId: 'qid-12345678', sheetId: 'sheet-9' });
  });

  it('需短信验证: the phone subject asks for a code for the typed number and the submit carries it', async () => {
    const user = userEvent.setup();
    const phone = make(26, { title: '手机号', smsVerify: true });
    serve(form([phone]));
    replies['active/write/sendAnswerSms'] = () => ({ resultCode: '200', resultMsg: '验证码已发送', data: null });
    app();
    const group = await screen.findByRole('group', { name: /手机号/ });
    expect(within(group).getByRole('button', { name: '获取验证码' })).toBeDisabled();
    await user.type(within(group).getByPlaceholderText('请输入11位手机号'), '13912345678');
    await user.click(within(group).getByRole('button', { name: '获取验证码' }));
    expect(await within(group).findByText('验证码已发送，请查看短信')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    expect(calls.find((c) => c.path === 'active/write/sendAnswerSms')!.body).toMatchObject({
      questionId: 'qid-12345678',
      subjectId: phone.uuid,
      phone: '13912345678',
    });
    await user.type(within(group).getByLabelText('短信验证码'), '482913');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByRole('heading', { name: '提交成功' });
    expect(calls.find((c) => c.path === 'active/write/submit')!.body).toMatchObject({ smsCodes: { [phone.uuid]: '482913' } });
  });

  it('允许提交后修改答案: the edit link brings the stored answers back and the submit replaces that sheet', async () => {
    const user = userEvent.setup();
    const a = make(1, { title: '场次', options: opts('上午', '下午') });
    serve(form([a]), (body) =>
      ok({
        sheetId: 'sheet-1',
        score: null,
        conclusion: { title: '提交成功', content: '', redirectUrl: null },
        showScore: false,
        showCorrectAnswers: false,
        showAnalysis: false,
        correct: null,
        editToken: body.editToken ?? 'sheet-1.key',
      }),
    );
    replies['active/write/getMyAnswer'] = () => ok({ sheetId: 'sheet-1', submissionId: 'sub-original', answers: { [a.uuid]: { optionIds: ['上午-0'] } } });
    render(<RespondApp questionId="qid-12345678" preview={false} source="link" editToken="sheet-1.key" />);
    const group = await screen.findByRole('group', { name: /场次/ });
    expect(screen.getByText('正在修改已提交的答卷，提交后将替换原答卷')).toBeInTheDocument();
    expect(within(group).getAllByRole('radio')[0]).toBeChecked();
    await user.click(within(group).getByText('下午'));
    await user.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByRole('heading', { name: '提交成功' });
    expect(calls.find((c) => c.path === 'active/write/submit')!.body).toMatchObject({
      editToken: 'sheet-1.key',
      submissionId: 'sub-original',
      answers: { [a.uuid]: { optionIds: ['下午-1'] } },
    });
    expect(screen.getByRole('link', { name: '修改答案' })).toHaveAttribute('href', '/s/qid-12345678?edit=sheet-1.key');
  });

  it('an exam showing only the analysis shows it without the key or the score', async () => {
    const user = userEvent.setup();
    const a = make(1, { title: '首都', options: opts('北京', '上海'), score: 5 });
    serve(form([a], { questionType: 2 }), () =>
      ok({
        sheetId: 's',
        score: null,
        conclusion: { title: '交卷成功', content: '', redirectUrl: null },
        showScore: false,
        showCorrectAnswers: false,
        showAnalysis: true,
        correct: { [a.uuid]: { answer: '', analysis: '北京是首都' } },
      }),
    );
    app();
    await user.click(within(await screen.findByRole('group', { name: /首都/ })).getByText('上海'));
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('北京是首都')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '解析' })).toBeInTheDocument();
    expect(screen.queryByText('正确答案')).toBeNull();
    expect(screen.queryByLabelText(/得分/)).toBeNull();
  });

  it('shows the score and the answer key of an exam', async () => {
    const user = userEvent.setup();
    const a = make(1, { title: '首都', options: opts('北京', '上海'), score: 5 });
    serve(form([a], { questionType: 2 }), () =>
      ok({
        sheetId: 's',
        score: { total: 5, max: 5, subjects: { [a.uuid]: { score: 5, max: 5, status: 'correct' } } },
        conclusion: { title: '交卷成功', content: '', redirectUrl: null },
        showScore: true,
        showCorrectAnswers: true,
        showAnalysis: true,
        correct: { [a.uuid]: { answer: '北京', analysis: '常识' } },
      }),
    );
    app();
    await user.click(within(await screen.findByRole('group', { name: /首都/ })).getByText('北京'));
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByLabelText('得分5分，满分5分')).toBeInTheDocument();
    expect(screen.getByText('正确')).toBeInTheDocument();
    expect(screen.getByText('常识')).toBeInTheDocument();
  });

  it('asks for the password while the project is locked', async () => {
    const user = userEvent.setup();
    const locked = form([], { locked: true, settings: { ...form([]).settings, needPassword: true } });
    const open = form([make(6, { title: '姓名' })]);
    replies = { 'active/write/getQuestion': (body) => ok(body.password === '8888' ? open : locked) };
    app();
    await user.type(await screen.findByLabelText('此问卷需要密码才能填写'), '1234');
    await user.click(screen.getByRole('button', { name: '开始填写' }));
    expect(await screen.findByText('作答密码错误')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('此问卷需要密码才能填写'));
    await user.type(screen.getByLabelText('此问卷需要密码才能填写'), '8888');
    await user.click(screen.getByRole('button', { name: '开始填写' }));
    expect(await screen.findByRole('group', { name: /姓名/ })).toBeInTheDocument();
  });

  it('says when the project is not collecting ("409")', async () => {
    replies = { 'active/write/getQuestion': () => ({ resultCode: '409', resultMsg: '问卷已结束', data: null }) };
    app();
    expect(await screen.findByText('问卷已结束')).toBeInTheDocument();
  });

  it('ends with the quota message when a full quota matches', async () => {
    const user = userEvent.setup();
    const a = make(1, { title: '年龄段', options: opts('青年', '中年') });
    const quotas = [
      { id: 'q', basis: 'option' as const, subject: a.uuid, option: '青年-0', limit: 1, onFull: { action: 'end' as const, message: '该人群样本已满' } },
    ];
    serve(form([a, make(6, { title: '其他' })], { logic: { jumps: [], display: [], optionLinkage: [], quotas, random: [] }, quotaCounts: { q: 1 } }));
    app();
    await user.click(within(await screen.findByRole('group', { name: /年龄段/ })).getByText('青年'));
    await user.type(within(screen.getByRole('group', { name: /其他/ })).getByRole('textbox'), 'x');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('该人群样本已满')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'active/write/submit')).toBe(false);
  });
});

describe('timers', () => {
  it('the whole-exam timer follows the start the server recorded, and submits by itself at zero', async () => {
    const a = make(1, { title: '题一', options: opts('对', '错') });
    const f = form([a], { questionType: 2, settings: { ...form([]).settings, examMinutes: 1 } });
    serve(f);
    // The draft believes the exam just began (a cleared clock); the server's record says 61 seconds ago.
    examStartedAt = Date.now() - 61_000;
    localStorage.setItem(
      'wj.respond.draft.qid-12345678',
      JSON.stringify({ submissionId: 'sub-00000001', answers: { [a.uuid]: { optionIds: ['对-0'] } }, page: 0, startedAt: Date.now(), pageLeft: {} }),
    );
    const user = userEvent.setup();
    app();
    await user.click(await screen.findByRole('button', { name: '继续上次的填写' }));
    expect(await screen.findByRole('heading', { name: '提交成功' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'active/write/submit')!.body).toMatchObject({
      submissionId: 'sub-00000001',
      answers: { [a.uuid]: { optionIds: ['对-0'] } },
    });
    // The clock is the respondent's: the page names its device with the start.
    const device = localStorage.getItem('wj.respond.device');
    expect(device).toMatch(/^[\w-]+$/);
    expect(calls.find((c) => c.path === 'active/write/startExam')!.body).toMatchObject({ submissionId: 'sub-00000001', deviceId: device });
  });

  it('an exam whose time is up does not open: the page says so and drops the draft; another refusal keeps it', async () => {
    const a = make(1, { title: '题一', options: opts('对', '错') });
    const f = form([a], { questionType: 2, settings: { ...form([]).settings, examMinutes: 10 } });
    const draft = JSON.stringify({
      submissionId: 'sub-00000002',
      answers: { [a.uuid]: { optionIds: ['对-0'] } },
      page: 0,
      startedAt: Date.now(),
      pageLeft: {},
    });
    const user = userEvent.setup();
    for (const [reply, text, kept] of [
      [{ resultCode: '409', resultMsg: '考试时间已到，不能再开始作答', data: { reason: 'examOver' } }, '考试开始后计时不会暂停，本次作答时间已用完', false],
      [{ resultCode: '409', resultMsg: '问卷已暂停收集', data: { reason: 'paused' } }, '发布者暂时停止了收集，请稍后再来', true],
    ] as const) {
      serve(f);
      replies['active/write/startExam'] = () => reply;
      localStorage.setItem('wj.respond.draft.qid-12345678', draft);
      const { unmount } = app();
      await user.click(await screen.findByRole('button', { name: '继续上次的填写' }));
      expect(await screen.findByText(reply.resultMsg)).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: /题一/ })).toBeNull();
      expect(readDraft('qid-12345678') !== null).toBe(kept);
      unmount();
    }
  });

  it('a timed exam starts from an intro, and a page timer moves on at zero', async () => {
    const firstBreak = make(16, { timerSeconds: 1 });
    const first = make(6, { title: '限时题' });
    const timed = make(16, { timerSeconds: 30 });
    const later = make(6, { title: '后面的题', required: false });
    serve(form([firstBreak, first, timed, later], { settings: { ...form([]).settings, examMinutes: 30 } }));
    const user = userEvent.setup();
    app();
    await user.click(await screen.findByRole('button', { name: '开始答题' }));
    expect(await screen.findByRole('group', { name: /限时题/ })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /考试剩余/ })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: /后面的题/ }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '上一页' })).toBeNull();
  });
});

describe('a check-in never published (issue 43 item 3)', () => {
  it('says 打卡接龙尚未发布 and what to do, not 已暂停收集', async () => {
    replies = {
      'active/write/getQuestion': () => ({ resultCode: '409', resultMsg: '打卡接龙尚未发布', data: { reason: 'notPublished' } }),
    };
    app();
    expect(await screen.findByText('打卡接龙尚未发布')).toBeInTheDocument();
    expect(screen.getByText('发布者还没有发布，发布后就能打开了')).toBeInTheDocument();
    expect(screen.queryByText(/暂停/)).toBeNull();
  });
});

describe('a template on the respondent page (?template=1, issue 48 item 3)', () => {
  it('loads through getTemplateQuestion, shows the exam scores and never submits', async () => {
    const user = userEvent.setup();
    const scored = { ...make(1, { title: '党的根本组织原则是？', options: opts('民主集中制', '集体领导') }), score: 10 } as TSubject;
    replies = { 'active/template/getTemplateQuestion': () => ok(form([scored], { questionType: 2 })) };
    render(<RespondApp questionId="qid-12345678" preview template source="preview" />);
    expect(await screen.findByText('党的根本组织原则是？')).toBeInTheDocument();
    expect(screen.getByText('10分')).toBeInTheDocument();
    expect(screen.getByText('预览模式：可以完整作答，但答卷不会提交')).toBeInTheDocument();
    await user.click(screen.getByText('民主集中制'));
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('预览模式：答卷未提交')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['active/template/getTemplateQuestion']);
    expect(calls[0]!.body).toEqual({ questionId: 'qid-12345678' });
  });
});
