import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A promise actor a machine declares but does not implement: `src/` or a test supplies it with
 * `machine.provide({ actors })`; left unsupplied, it fails saying so.
 */
export const supplied = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided: supply it with machine.provide({ actors })`);
  });
