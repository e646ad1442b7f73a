import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login/login.machine';
import {
  selectCodeButton,
  selectError,
  selectFields,
  selectForm,
  selectNotice,
  selectResult,
  selectSubmitting,
  selectSucceeded,
} from '../../../machines/login/login.selectors';
import type { TLoginField, TLoginForm } from '../../../machines/login/login.types';
import { qrLoginMachine } from '../../../machines/qr-login/qr-login.machine';
import { forgetSession, markSession } from '../../api/token';
import * as api from '../../api/user';

/** The login machine with the real calls. */
export function createLoginLogic() {
  return loginMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => api.sendSms(input.phone, input.type)),
      loginBySms: fromPromise(({ input }) => api.loginBySms(input)),
      loginByPassword: fromPromise(({ input }) => api.userNameLogin(input)),
      register: fromPromise(({ input }) => api.register(input)),
      resetPassword: fromPromise(({ input }) => api.resetPwd(input)),
      qrLogin: qrLoginMachine.provide({
        actors: {
          loadChallenge: fromPromise(() => api.showLoginQr()),
          checkCode: fromPromise(({ input }) => api.checkCode(input)),
        },
      }),
      // The poll that handed over the token also set the session cookie: the user info is read with it.
      loadProfile: fromPromise(async ({ input }) => {
        markSession();
        try {
          return { token: input.token, userInfo: await api.info() };
        } catch (error) {
          forgetSession();
          throw error;
        }
      }),
    },
  });
}

/** The login screen's intent API: what it shows and what it may ask. */
export function useLogin() {
  const actor = useActorRef(useMemo(createLoginLogic, []), { input: {} });
  const form = useSelector(actor, selectForm);
  const fields = useSelector(actor, selectFields, (a, b) => a.phone === b.phone && a.code === b.code && a.password === b.password && a.userName === b.userName);
  const codeButton = useSelector(actor, selectCodeButton, (a, b) => a.label === b.label && a.disabled === b.disabled);
  const qrActor = useSelector(actor, (snapshot) => snapshot.children.qrLogin);
  return {
    form,
    fields,
    codeButton,
    qrActor,
    error: useSelector(actor, selectError),
    notice: useSelector(actor, selectNotice),
    submitting: useSelector(actor, selectSubmitting),
    succeeded: useSelector(actor, selectSucceeded),
    result: useSelector(actor, selectResult),
    select: (next: TLoginForm) => actor.send({ type: 'form.select', form: next }),
    change: (field: TLoginField, value: string) => actor.send({ type: 'field.change', field, value }),
    sendCode: () => actor.send({ type: 'code.send' }),
    submit: () => actor.send({ type: 'form.submit' }),
  };
}

export type TLogin = ReturnType<typeof useLogin>;
