/**
 * Transition shapes several machines repeat. They are plain config objects (typed where xstate cannot infer
 * them outside `createMachine`), so the definitions stay what the flow simulator and the model tests read.
 */

/** The params `{ error }` of a guard or action on an actor's failure. */
export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** On an actor's failure: go to `target` and hand the error to the named action (`setError`, `showError`). */
export const failTo = <TAction extends string>(target: string, action: TAction) => ({ target, actions: { type: action, params: errorOf } });
