import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { machineRegistry } from '../../machines/registry';
import { stateNodes } from '../helpers/machine-model';

// Every machine file under machines/, loaded by Vite's glob so a new file is seen without editing this test.
const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });

const machinesIn = (module: Record<string, unknown>) => Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);

describe('machine registry', () => {
  it('finds the machine files', () => {
    expect(Object.keys(machineModules).length).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(machineModules))('registers every machine exported by %s', (file, module) => {
    const machines = machinesIn(module);
    expect(machines.length, `${file} exports no machine`).toBeGreaterThan(0);
    for (const machine of machines) {
      expect(
        machineRegistry.some((entry) => entry.machine === machine),
        `${file}: machine "${machine.id}" is not in machines/registry.ts`,
      ).toBe(true);
    }
  });

  it('has unique ids and a purpose in both languages', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of machineRegistry) {
      expect(entry.purpose.zh.trim(), entry.id).not.toBe('');
      expect(entry.purpose.en.trim(), entry.id).not.toBe('');
    }
  });

  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))('%s: a stand-in with outcomes for every actor, and nothing else', (_id, entry) => {
    const actors = Object.keys(entry.machine.implementations.actors).sort();
    expect(Object.keys(entry.standIns).sort()).toEqual(actors);
    for (const [name, standIn] of Object.entries(entry.standIns)) {
      expect(Object.keys(standIn.outcomes).length, `${entry.id}.${name} has no outcome`).toBeGreaterThan(0);
      expect(standIn.does.trim(), `${entry.id}.${name}`).not.toBe('');
    }
  });

  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))('%s: every invoke is named after its actor', (_id, entry) => {
    for (const node of stateNodes(entry.machine)) {
      for (const invoke of node.invoke) expect(invoke.id, `${node.id} invokes ${String(invoke.src)}`).toBe(invoke.src);
    }
  });
});
