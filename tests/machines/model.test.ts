import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { planModel, runPath } from '../helpers/machine-model';

// Every registered machine: all transitions taken, all states visited, every path replayed on a real actor.
describe.each(machineRegistry.map((entry) => [entry.id, entry] as const))('model of %s', (_id, entry) => {
  const plan = planModel(entry);

  it('takes every transition of the definition', () => {
    const missing = [...plan.defined].filter((key) => !plan.taken.has(key));
    expect(missing).toEqual([]);
  });

  it('visits every state', () => {
    const missing = [...plan.states].filter((id) => !plan.visited.has(id));
    expect(missing).toEqual([]);
  });

  it('behaves on a real actor with stand-ins as the model says', async () => {
    for (const path of plan.paths) await runPath(entry, path);
  });
});
