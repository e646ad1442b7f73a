import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise } from 'xstate';
import { supplied } from '../../machines/shared/actors';
import { errorOf, failTo } from '../../machines/shared/transitions';

describe('machines/shared', () => {
  it('an actor left unsupplied fails naming itself and how to supply it', async () => {
    const actor = createActor(supplied<number>('loadThing')).start();
    await expect(toPromise(actor)).rejects.toThrow('loadThing is not provided: supply it with machine.provide({ actors })');
  });

  it('failTo goes to its target and hands the error to its action', async () => {
    const seen: unknown[] = [];
    const machine = setup({
      actors: { load: supplied<number>('load') },
      actions: { setError: (_, params: { error: unknown }) => void seen.push(params.error) },
    }).createMachine({
      initial: 'loading',
      states: { loading: { invoke: { src: 'load', onError: failTo('failed', 'setError') } }, failed: {} },
    });
    const failing = createActor(machine.provide({ actors: { load: supplied<number>('other') } })).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing.getSnapshot().value).toBe('failed');
    expect(String(seen[0])).toContain('other is not provided');
    expect(errorOf({ event: { error: 'x' } })).toEqual({ error: 'x' });
  });
});
