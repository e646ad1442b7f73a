import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../schemas/api/user';
import { selectCodeButton, selectSubmitting, selectSucceeded } from '../../machines/login/login.selectors';
import type { TLoginEvent } from '../../machines/login/login.types';
import { findMachineEntry } from '../../machines/registry';
import { SAMPLE_LOGIN } from '../../machines/shared/samples';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('login')!;

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function start() {
  const run = startWithStandIns(entry, { input: {} });
  const send = (...events: TLoginEvent[]) => events.forEach((event) => run.actor.send(event));
  const type = (field: 'phone' | 'code' | 'password' | 'userName', value: string) => send({ type: 'field.change', field, value });
  return { ...run, send, type };
}

describe('login machine', () => {
  it('checks the phone with the mobile rule before sending a code', () => {
    const { actor, controller, send, type } = start();
    send({ type: 'code.send' });
    expect(actor.getSnapshot().context.error).toBe('请输入手机号');
    type('phone', '12800138000');
    send({ type: 'code.send' });
    expect(actor.getSnapshot().context.error).toBe('请输入正确的手机号');
    expect(controller.pending()).toEqual([]);
    type('phone', '+86 138-0013-8000');
    expect(actor.getSnapshot().context.error).toBeNull();
    send({ type: 'code.send' });
    expect(controller.pending()).toEqual([{ id: 'sendCode', src: 'sendCode', input: { phone: '13800138000', type: 'login' } }]);
    expect(selectCodeButton(actor.getSnapshot())).toEqual({ label: '发送中…', disabled: true });
  });

  it('counts 60 seconds down after a code was sent', async () => {
    const { actor, settle, send, type } = start();
    type('phone', '13800138000');
    send({ type: 'code.send' });
    await settle('sendCode', 'success');
    expect(actor.getSnapshot().context.notice).toBe('验证码已发送');
    expect(selectCodeButton(actor.getSnapshot())).toEqual({ label: '60秒后重试', disabled: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectCodeButton(actor.getSnapshot()).label).toBe('59秒后重试');
    await vi.advanceTimersByTimeAsync(58_000);
    expect(selectCodeButton(actor.getSnapshot()).label).toBe('1秒后重试');
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectCodeButton(actor.getSnapshot())).toEqual({ label: '获取验证码', disabled: false });
  });

  it('shows the server message when sending is refused, and allows another try', async () => {
    const { actor, settle, send, type } = start();
    type('phone', '13800138000');
    send({ type: 'code.send' });
    await settle('sendCode', 'tooOften');
    expect(actor.getSnapshot().context.error).toBe(USER_MESSAGES.smsTooOften);
    expect(selectCodeButton(actor.getSnapshot()).disabled).toBe(false);
  });

  it('asks for the code kind that matches the form', () => {
    for (const [form, kind] of [
      ['register', 'register'],
      ['reset', 'reset'],
      ['sms', 'login'],
    ] as const) {
      const { controller, send, type } = start();
      send({ type: 'form.select', form });
      type('phone', '13800138000');
      send({ type: 'code.send' });
      expect(controller.pending()[0]!.input).toEqual({ phone: '13800138000', type: kind });
    }
  });

  it('shows the server message on a wrong code and stays on the form', async () => {
    const { actor, controller, settle, send, type } = start();
    type('phone', '13800138000');
    type('code', '000000');
    send({ type: 'form.submit' });
    expect(selectSubmitting(actor.getSnapshot())).toBe(true);
    expect(controller.pending()[0]).toMatchObject({ src: 'loginBySms', input: { phone: '13800138000', code: '000000' } });
    await settle('loginBySms', 'wrongCode');
    expect(actor.getSnapshot().context.error).toBe(USER_MESSAGES.codeWrong);
    expect(actor.getSnapshot().matches({ form: { filling: { sms: 'editing' } } })).toBe(true);
  });

  it('validates each form before submitting', () => {
    const { actor, controller, send, type } = start();
    type('phone', '13800138000');
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBe('请输入验证码');
    send({ type: 'form.select', form: 'password' });
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBe('请输入账号');
    send({ type: 'form.select', form: 'register' });
    type('code', '123456');
    type('password', 'abcdefgh');
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBe('密码需同时包含字母和数字');
    expect(controller.pending()).toEqual([]);
  });

  it('logs in with a password and keeps token and user', async () => {
    const { actor, settle, send, type } = start();
    send({ type: 'form.select', form: 'password' });
    type('userName', ' zhangsan ');
    type('password', 'secret1');
    send({ type: 'form.submit' });
    await settle('loginByPassword', 'success');
    expect(selectSucceeded(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual(SAMPLE_LOGIN);
  });

  it('turns the QR token into a login, and shows a new code when the profile cannot be loaded', async () => {
    const { actor, controller, settle, send } = start();
    send({ type: 'form.select', form: 'qr' });
    await settle('qrLogin', 'confirmed');
    expect(controller.pending()).toEqual([{ id: 'loadProfile', src: 'loadProfile', input: { token: 'qr-token' } }]);
    await settle('loadProfile', 'failure');
    expect(actor.getSnapshot().context.error).toBe(USER_MESSAGES.tokenInvalid);
    expect(controller.pending().map((call) => call.src)).toEqual(['qrLogin']);
    await settle('qrLogin', 'confirmed');
    await settle('loadProfile', 'success');
    expect(selectSucceeded(actor.getSnapshot())).toBe(true);
  });
});
