import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { failTo } from '../shared/transitions';
import type { TLoginResponse } from '../../schemas/api/user';
import { qrLoginMachine } from '../qr-login/qr-login.machine';
import { cleanCode, cleanPhone, formProblem, messageOf, phoneProblem, smsPurpose } from './login.operations';
import type {
  TLoginContext,
  TLoginEvent,
  TLoginForm,
  TLoginInput,
  TPasswordLoginInput,
  TPhonePasswordInput,
  TSendCodeInput,
  TSmsLoginInput,
} from './login.types';

export const CODE_COOLDOWN_SECONDS = 60;
const CODE_SENT = '验证码已发送';

type TSubmitActors = { loginBySms: TSmsLoginInput; loginByPassword: TPasswordLoginInput; register: TPhonePasswordInput; resetPassword: TPhonePasswordInput };

/** Signed in: the answer (token + user info) is kept and the form region ends. */
const succeeded = {
  target: '#login.form.success',
  actions: { type: 'succeed' as const, params: ({ event }: { event: { output: TLoginResponse } }) => ({ result: event.output }) },
};

/** A tab whose form submits through one actor: editing ⇄ submitting, checked first, its errors shown in place. */
const submittingForm = <TActor extends keyof TSubmitActors>(
  form: TLoginForm,
  actor: TActor,
  input: (args: { context: TLoginContext }) => TSubmitActors[TActor],
) => ({
  entry: { type: 'enterForm' as const, params: { form } },
  initial: 'editing' as const,
  states: {
    editing: { on: { 'form.submit': [{ guard: 'formValid' as const, target: 'submitting' }, { actions: 'rejectForm' as const }] } },
    submitting: {
      entry: 'clearMessages' as const,
      invoke: { id: actor, src: actor, input, onDone: succeeded, onError: failTo('editing', 'showError') },
    },
  },
});

/**
 * The login screen: SMS-code, password and QR tabs plus the register and reset views (`form` region),
 * and the SMS code sender with its 60-second countdown (`code` region), which runs while the user types.
 */
export const loginMachine = setup({
  types: {
    context: {} as TLoginContext,
    events: {} as TLoginEvent,
    input: {} as TLoginInput | undefined,
    children: {} as {
      sendCode: 'sendCode';
      loginBySms: 'loginBySms';
      loginByPassword: 'loginByPassword';
      register: 'register';
      resetPassword: 'resetPassword';
      qrLogin: 'qrLogin';
      loadProfile: 'loadProfile';
    },
  },
  actors: {
    sendCode: supplied<unknown, TSendCodeInput>('sendCode'),
    loginBySms: supplied<TLoginResponse, TSmsLoginInput>('loginBySms'),
    loginByPassword: supplied<TLoginResponse, TPasswordLoginInput>('loginByPassword'),
    register: supplied<TLoginResponse, TPhonePasswordInput>('register'),
    resetPassword: supplied<TLoginResponse, TPhonePasswordInput>('resetPassword'),
    /** The QR challenge as a child machine; its output is the token. */
    qrLogin: qrLoginMachine,
    /** Turns the token the QR poll handed over into token + user info. */
    loadProfile: supplied<TLoginResponse, { token: string }>('loadProfile'),
  },
  actions: {
    enterForm: assign((_, params: { form: TLoginForm }) => ({ form: params.form, error: null, notice: null })),
    setField: assign(({ event }) => (event.type === 'field.change' ? { [event.field]: event.value, error: null } : {})),
    clearMessages: assign({ error: null, notice: null }),
    rejectPhone: assign(({ context }) => ({ error: phoneProblem(context.phone), notice: null })),
    rejectForm: assign(({ context }) => ({ error: formProblem(context.form, context), notice: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), notice: null })),
    codeSent: assign(({ context }) => ({ cooldown: context.cooldownSeconds, notice: CODE_SENT, error: null })),
    tick: assign(({ context }) => ({ cooldown: Math.max(0, context.cooldown - 1) })),
    keepQrToken: assign((_, params: { token: string }) => ({ qrToken: params.token })),
    succeed: assign((_, params: { result: TLoginResponse }) => ({ result: params.result, error: null, notice: null, qrToken: null })),
  },
  guards: {
    phoneValid: ({ context }) => phoneProblem(context.phone) === null,
    formValid: ({ context }) => formProblem(context.form, context) === null,
    isForm: ({ event }, params: { form: TLoginForm }) => event.type === 'form.select' && event.form === params.form,
    cooldownRunning: ({ context }) => context.cooldown > 1,
  },
}).createMachine({
  id: 'login',
  type: 'parallel',
  context: ({ input }) => ({
    form: 'sms',
    phone: '',
    code: '',
    password: '',
    userName: '',
    error: null,
    notice: null,
    cooldown: 0,
    cooldownSeconds: input?.cooldownSeconds ?? CODE_COOLDOWN_SECONDS,
    qrToken: null,
    result: null,
  }),
  on: { 'field.change': { actions: 'setField' } },
  states: {
    form: {
      initial: 'filling',
      states: {
        filling: {
          initial: 'sms',
          on: {
            'form.select': [
              { guard: { type: 'isForm', params: { form: 'sms' } }, target: '.sms' },
              { guard: { type: 'isForm', params: { form: 'password' } }, target: '.password' },
              { guard: { type: 'isForm', params: { form: 'qr' } }, target: '.qr' },
              { guard: { type: 'isForm', params: { form: 'register' } }, target: '.register' },
              { guard: { type: 'isForm', params: { form: 'reset' } }, target: '.reset' },
            ],
          },
          states: {
            sms: submittingForm('sms', 'loginBySms', ({ context }) => ({ phone: cleanPhone(context.phone), code: cleanCode(context.code) })),
            password: submittingForm('password', 'loginByPassword', ({ context }) => ({ userName: context.userName.trim(), password: context.password })),
            qr: {
              entry: { type: 'enterForm', params: { form: 'qr' } },
              initial: 'scanning',
              states: {
                scanning: {
                  invoke: {
                    id: 'qrLogin',
                    src: 'qrLogin',
                    input: {},
                    onDone: { target: 'signingIn', actions: { type: 'keepQrToken', params: ({ event }) => ({ token: event.output.token }) } },
                  },
                },
                signingIn: {
                  invoke: {
                    id: 'loadProfile',
                    src: 'loadProfile',
                    input: ({ context }) => ({ token: context.qrToken ?? '' }),
                    onDone: succeeded,
                    // A fresh code is shown; the message says why.
                    onError: failTo('scanning', 'showError'),
                  },
                },
              },
            },
            register: submittingForm('register', 'register', ({ context }) => ({
              phone: cleanPhone(context.phone),
              code: cleanCode(context.code),
              password: context.password,
            })),
            reset: submittingForm('reset', 'resetPassword', ({ context }) => ({
              phone: cleanPhone(context.phone),
              code: cleanCode(context.code),
              password: context.password,
            })),
          },
        },
        /** Token and user info are in `result`; the screen hands them to the session and leaves. */
        success: { type: 'final' },
      },
    },
    code: {
      initial: 'idle',
      states: {
        idle: { on: { 'code.send': [{ guard: 'phoneValid', target: 'sending' }, { actions: 'rejectPhone' }] } },
        sending: {
          entry: 'clearMessages',
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ phone: cleanPhone(context.phone), type: smsPurpose(context.form) }),
            onDone: { target: 'cooldown', actions: 'codeSent' },
            onError: failTo('idle', 'showError'),
          },
        },
        cooldown: {
          after: {
            1000: [
              { guard: 'cooldownRunning', target: 'cooldown', reenter: true, actions: 'tick' },
              { target: 'idle', actions: 'tick' },
            ],
          },
        },
      },
    },
  },
});
