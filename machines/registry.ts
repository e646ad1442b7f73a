import type { AnyStateMachine, EventObject } from 'xstate';
import { loginMachine } from './login/login.machine';
import { loginSampleEvents, loginStandIns } from './login/login.stand-ins';
import { qrLoginMachine } from './qr-login/qr-login.machine';
import { qrLoginStandIns } from './qr-login/qr-login.stand-ins';
import { sessionMachine } from './session/session.machine';
import { sessionSampleEvents, sessionStandIns } from './session/session.stand-ins';
import type { TStandIns } from './stand-ins';

/**
 * Every machine of the product, for the flow simulator and the model-based tests
 * (tests/machines/registry.test.ts fails when a *.machine.ts file is missing here).
 */
export interface TMachineEntry {
  id: string;
  purpose: { zh: string; en: string };
  machine: AnyStateMachine;
  /** Each actor of the machine (name = invoke id) with the outcomes a test or the simulator may choose. */
  standIns: TStandIns;
  /** User events with payloads (events without payload are derived from the machine itself). */
  sampleEvents: EventObject[];
  /** Input for simulation and tests (e.g. a 2-second countdown instead of 60). */
  input?: unknown;
  /** Context fields that only carry text for the screen: the model ignores them when telling states apart. */
  displayOnly?: string[];
}

export const machineRegistry: TMachineEntry[] = [
  {
    id: 'session',
    purpose: { zh: '登录状态：检查、已登录、未登录与退出登录', en: 'Session: checking, logged in, anonymous and logging out' },
    machine: sessionMachine,
    standIns: sessionStandIns,
    sampleEvents: sessionSampleEvents,
  },
  {
    id: 'login',
    purpose: {
      zh: '登录页：验证码、密码、扫码登录，注册与找回密码，验证码倒计时',
      en: 'Login screen: SMS, password and QR login, register and reset, code countdown',
    },
    machine: loginMachine,
    standIns: loginStandIns,
    sampleEvents: loginSampleEvents,
    input: { cooldownSeconds: 2 },
    displayOnly: ['error', 'notice', 'result', 'qrToken'],
  },
  {
    id: 'qr-login',
    purpose: { zh: '电脑端扫码登录：获取二维码、轮询、已扫码、确认或过期', en: 'Desktop QR login: challenge, polling, scanned, confirmed or expired' },
    machine: qrLoginMachine,
    standIns: qrLoginStandIns,
    sampleEvents: [],
    displayOnly: ['error', 'token'],
  },
];

export function findMachineEntry(id: string): TMachineEntry | undefined {
  return machineRegistry.find((entry) => entry.id === id);
}
