import { getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { findMachineEntry, type TMachineEntry } from '../../machines/registry';
import { activePaths, chartOf, eventLabel, leafPaths, stateLabel } from '../../machines/simulation/chart';
import { exportPath, parsePathFile, pathFileText, sameStep } from '../../machines/simulation/path-file';
import { explore, modelEvents, pathLists, serializeStateFor, shortestPaths, simplePaths, type TExploration } from '../../machines/simulation/paths';
import {
  applyStep,
  available,
  currentSnapshot,
  readableContext,
  replaySteps,
  serializeEvent,
  startSimulation,
  stepsOf,
  stepSummary,
  undoTo,
  type TEventData,
  type TSimulation,
  type TStep,
} from '../../machines/simulation/simulate';
import { done, failure } from '../../machines/stand-ins';

// A small machine of our own (finite, so the graph walk ends): a guarded event, a call with two outcomes, a timer.
const noteMachine = setup({
  types: {
    context: {} as { title: string; savedId: string | null },
    events: {} as { type: 'title.set'; title: string } | { type: 'note.save' } | { type: 'note.reset' },
  },
  actors: { saveNote: fromPromise<{ id: string }>(async () => ({ id: 'n1' })) },
  guards: { hasTitle: ({ context }) => context.title !== '' },
}).createMachine({
  id: 'note',
  initial: 'editing',
  context: { title: '', savedId: null },
  states: {
    editing: {
      on: {
        'title.set': { actions: assign({ title: ({ event }) => event.title }) },
        'note.save': { guard: 'hasTitle', target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'saveNote',
        src: 'saveNote',
        onDone: { target: 'saved', actions: assign({ savedId: ({ event }) => event.output.id }) },
        onError: 'editing',
      },
    },
    saved: { after: { 1000: 'editing' }, on: { 'note.reset': 'editing' } },
  },
});

const noteSamples: Array<{ type: 'title.set'; title: string }> = [{ type: 'title.set', title: '周报' }];
const note: TMachineEntry = {
  id: 'note',
  purpose: { zh: '测试用笔记', en: 'A note for tests' },
  machine: noteMachine,
  standIns: { saveNote: { does: 'saves the note', outcomes: { success: done({ id: 'n1' }), failure: failure('保存失败') } } },
  sampleEvents: noteSamples,
};

const GOOD: TStep[] = [{ event: { type: 'title.set', title: '周报' } }, { event: { type: 'note.save' } }, { actor: 'saveNote', outcome: 'success' }];

// One walk per machine for the whole file (login's takes a second or more).
const explorations = new Map<string, TExploration>();
function explored(id: string): TExploration {
  if (!explorations.has(id)) explorations.set(id, explore(id === 'note' ? note : findMachineEntry(id)!));
  return explorations.get(id)!;
}

function run(entry: TMachineEntry, steps: TStep[]): TSimulation {
  const { simulation, broken } = replaySteps(entry, steps);
  expect(broken).toBeNull();
  return simulation;
}

describe('replaying steps', () => {
  it('reaches the end of a good path with the state and context of every step', () => {
    const simulation = run(note, GOOD);
    expect(simulation.snapshots.map(stateLabel)).toEqual(['editing', 'editing', 'saving', 'saved']);
    expect(currentSnapshot(simulation).context).toEqual({ title: '周报', savedId: 'n1' });
  });

  it('fires timers as events and carries a failure outcome to onError', () => {
    const timer = { type: 'xstate.after.1000.note.saved' };
    expect(stateLabel(currentSnapshot(run(note, [...GOOD, { event: timer }])))).toBe('editing');
    expect(stateLabel(currentSnapshot(run(note, [...GOOD.slice(0, 2), { actor: 'saveNote', outcome: 'failure' }])))).toBe('editing');
  });

  it('says at which step a path broke and why, and keeps the state before it', () => {
    const cases: Array<[TStep[], string]> = [
      [[{ event: { type: 'note.save' } }], '第1步：事件 note.save 在状态 editing 下被条件拒绝'],
      [[GOOD[0]!, { event: { type: 'note.reset' } }], '第2步：事件 note.reset 在状态 editing 下不可用'],
      [[GOOD[0]!, { actor: 'saveNote', outcome: 'success' }], '第2步：调用 saveNote 在状态 editing 下没有运行'],
      [[...GOOD.slice(0, 2), { actor: 'saveNote', outcome: 'timeout' }], '第3步：调用 saveNote 没有结果「timeout」'],
      [[...GOOD.slice(0, 2), { actor: 'sendMail', outcome: 'success' }], '第3步：调用 sendMail 不在登记表中'],
    ];
    for (const [steps, message] of cases) {
      const { simulation, broken } = replaySteps(note, steps);
      expect(broken).toEqual({ index: steps.length - 1, message });
      expect(simulation.steps).toHaveLength(steps.length - 1);
    }
  });

  it('stops where a step leads elsewhere than the exported path recorded', () => {
    const steps: TStep[] = [GOOD[0]!, { ...GOOD[1]!, state: 'saved' }];
    expect(replaySteps(note, steps).broken?.message).toBe('第2步：「note.save」之后应在状态 saved，实际在 saving');
  });

  it('says a finished machine takes no more steps', () => {
    const entry = findMachineEntry('qr-login')!;
    const toConfirmed = shortestPaths(explored('qr-login')).find((path) => path.target === 'confirmed')!;
    const { broken } = replaySteps(entry, [...toConfirmed.steps, { event: { type: 'qr.refresh' } }]);
    expect(broken?.message).toBe(`第${toConfirmed.steps.length + 1}步：状态机已在 confirmed 结束，不再接受「qr.refresh」`);
  });
});

describe('undo', () => {
  it('returns to an earlier snapshot by replaying from the start', () => {
    const full = run(note, GOOD);
    const back = undoTo(note, full, 1);
    expect(back.steps).toEqual(GOOD.slice(0, 1));
    expect(back.snapshots).toHaveLength(2);
    expect(currentSnapshot(back).value).toEqual(full.snapshots[1]!.value);
    expect(currentSnapshot(back).context).toEqual(full.snapshots[1]!.context);
    expect(undoTo(note, full, 0).snapshots).toHaveLength(1);
  });

  it('lets the flow go another way after undoing', () => {
    const back = undoTo(note, run(note, GOOD), 2);
    const result = applyStep(note, back, { actor: 'saveNote', outcome: 'failure' });
    expect('simulation' in result && stateLabel(currentSnapshot(result.simulation))).toBe('editing');
  });
});

describe('what the tester can do now', () => {
  it('shows the context as JSON with errors by message and long strings cut', () => {
    const snapshot = { context: { error: new Error('保存失败'), image: `data:image/png;base64,${'A'.repeat(200)}` } } as unknown as AnyMachineSnapshot;
    expect(JSON.parse(readableContext(snapshot))).toEqual({ error: { error: '保存失败' }, image: `data:image/png;base64,${'A'.repeat(38)}…（共 222 字符）` });
  });

  it('lists events with their samples, running calls with their outcomes, and timers', () => {
    const atStart = available(note, currentSnapshot(startSimulation(note)));
    expect(atStart.events).toEqual([
      { type: 'title.set', samples: [{ event: { type: 'title.set', title: '周报' }, accepted: true }] },
      { type: 'note.save', samples: [{ event: { type: 'note.save' }, accepted: false }] },
    ]);
    expect(atStart.calls).toEqual([]);

    const saving = available(note, currentSnapshot(run(note, GOOD.slice(0, 2))));
    expect(saving.calls).toEqual([
      {
        id: 'saveNote',
        does: 'saves the note',
        outcomes: [
          { name: 'success', kind: 'done', accepted: true },
          { name: 'failure', kind: 'error', accepted: true },
        ],
      },
    ]);
    const saved = available(note, currentSnapshot(run(note, GOOD)));
    expect(saved.timers).toEqual([{ type: 'xstate.after.1000.note.saved', label: 'after 1000ms' }]);
    expect(saved.events.map((event) => event.type)).toEqual(['note.reset']);
  });
});

describe('exported paths', () => {
  it('round-trips through JSON with the state after each step', () => {
    const file = exportPath(note, GOOD, '保存笔记');
    expect(file.steps.map((step) => step.state)).toEqual(['editing', 'saving', 'saved']);
    const parsed = parsePathFile(pathFileText(file));
    expect(parsed).toEqual({ file });
    if ('file' in parsed) expect(replaySteps(note, parsed.file.steps).broken).toBeNull();
  });

  it('refuses text that is not a path, naming the step', () => {
    expect(parsePathFile('{')).toEqual({ error: '不是有效的 JSON' });
    expect(parsePathFile('{"kind":"other"}')).toMatchObject({ error: expect.stringContaining('不是流程路径文件') });
    const bad = { kind: 'wenjuan.flow-path', version: 1, machine: 'note', steps: [{ event: { type: 'a' } }, { actor: 'x' }] };
    expect(parsePathFile(JSON.stringify(bad))).toEqual({ error: expect.stringContaining('第2步格式不对') });
  });

  it('compares steps by what they send, not the recorded state', () => {
    expect(sameStep({ event: { type: 'a', n: 1 } }, { event: { type: 'a', n: 1 }, state: 'x' })).toBe(true);
    expect(sameStep({ event: { type: 'a', n: 1 } }, { event: { type: 'a', n: 2 } })).toBe(false);
    expect(sameStep({ actor: 'c', outcome: 'ok' }, { event: { type: 'xstate.done.actor.c' } })).toBe(false);
  });
});

describe('paths from @xstate/graph', () => {
  it('names steps so that events with different payloads read differently', () => {
    expect(stepSummary({ event: { type: 'field.change', field: 'phone', value: '138 0013 8000 0000' } })).toBe(
      'field.change(field=phone, value=138 0013 8000 0…)',
    );
    expect(stepSummary({ event: { type: 'creation.start', loggedIn: true, request: { via: 'blank' } } })).toBe('creation.start(loggedIn=true)');
    expect(stepSummary({ event: { type: 'xstate.after.1000.note.saved' } })).toBe('after 1000ms');
    expect(stepSummary({ actor: 'create', outcome: 'daily limit hit' })).toBe('create → daily limit hit');
  });

  it('turns outcome events back into named outcomes', () => {
    const events: TEventData[] = [{ type: 'xstate.init' }, { type: 'note.save' }, { type: 'xstate.done.actor.saveNote', output: { id: 'n1' } }];
    expect(stepsOf(note, events)).toEqual([{ event: { type: 'note.save' } }, { actor: 'saveNote', outcome: 'success' }]);
  });

  it('finds the simple paths @xstate/graph finds, shortest first', () => {
    for (const id of ['note', 'session', 'qr-login']) {
      const exploration = explored(id);
      const entry = exploration.entry;
      const serializeState = serializeStateFor(entry);
      const options = { events: modelEvents(entry), input: entry.input, serializeState, serializeEvent } as never;
      const theirs = getSimplePaths(entry.machine, options) as Array<{ state: AnyMachineSnapshot; steps: Array<{ event: EventObject }> }>;
      for (const target of new Set(theirs.map((path) => stateLabel(path.state)))) {
        const expected = theirs
          .filter((path) => stateLabel(path.state) === target && path.steps.length > 1)
          .map((path) =>
            JSON.stringify(
              stepsOf(
                entry,
                path.steps.map((step) => step.event),
              ),
            ),
          );
        const ours = simplePaths(exploration, target, 10_000);
        expect(ours.truncated).toBe(false);
        expect(ours.paths.map((path) => JSON.stringify(path.steps)).sort(), `${entry.id} → ${target}`).toEqual(expected.sort());
        const lengths = ours.paths.map((path) => path.steps.length);
        expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
      }
    }
  });

  it('stops a search that would not end and says so', () => {
    const result = simplePaths(explored('login'), 'form.success + code.idle', 20);
    expect(result.paths).toHaveLength(20);
    expect(result.truncated).toBe(true);
  });

  // The simulator lists these (the model tests replay the test paths on real actors, for every machine).
  it.each(['note', 'session', 'login', 'qr-login'])('%s: every listed path replays to its target as steps', (id) => {
    const lists = pathLists(explored(id));
    expect(lists.targets).toContain(lists.target);
    for (const path of [...lists.shortest, ...lists.test]) {
      const simulation = run(explored(id).entry, path.steps);
      expect(stateLabel(currentSnapshot(simulation)), path.id).toBe(path.target);
    }
  });
});

describe('the chart', () => {
  it('reads state values as paths and labels generated events', () => {
    expect(leafPaths({ form: { filling: { sms: 'editing' } }, code: 'idle' })).toEqual(['form.filling.sms.editing', 'code.idle']);
    expect([...activePaths({ value: { form: 'success', code: 'idle' } })]).toEqual(['form', 'form.success', 'code', 'code.idle']);
    expect(eventLabel('xstate.after.pollInterval.qrLogin.active.waiting.idle')).toBe('after pollInterval');
    expect(eventLabel('xstate.done.actor.create')).toBe('create 完成');
    expect(eventLabel('xstate.error.actor.create')).toBe('create 失败');
  });

  it('draws nested and parallel states with transitions labelled by event', () => {
    const chart = chartOf(findMachineEntry('login')!.machine);
    expect(chart.type).toBe('parallel');
    expect(chart.children.map((child) => child.key)).toEqual(['form', 'code']);
    const code = chart.children[1]!;
    expect(code.initial).toBe('idle');
    const idle = code.children.find((child) => child.key === 'idle')!;
    expect(idle.transitions).toEqual([
      { eventType: 'code.send', label: 'code.send', targets: ['code.sending'], guard: 'phoneValid' },
      { eventType: 'code.send', label: 'code.send', targets: [], guard: null },
    ]);
    expect(code.children.find((child) => child.key === 'sending')!.invokes).toEqual(['sendCode']);
    expect(
      chartOf(noteMachine)
        .children.find((child) => child.key === 'saved')!
        .transitions.map((t) => t.label),
    ).toEqual(['note.reset', 'after 1000ms']);
  });
});
