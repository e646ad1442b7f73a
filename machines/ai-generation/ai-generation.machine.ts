import { assign, setup } from 'xstate';
import type { TAiGeneration } from '../../schemas/api/ai';
import { limitDialogState } from '../creation/creation.limit-dialog';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import { failTo } from '../shared/transitions';
import { askProblem, createProblem, moveSubject, placeSubject, removeSubject, renameSubject, undoRemove } from './ai-generation.operations';
import type { TAiAsk, TAiCreateInput, TAiGenerationContext, TAiGenerationEvent, TCreateResult, TQuestionCount } from './ai-generation.types';

const EMPTY: TAiGenerationContext = {
  ask: null,
  engine: null,
  engineName: null,
  generationId: null,
  title: '',
  subtitle: '',
  subjects: [],
  removed: [],
  notice: null,
  questionId: null,
  limits: null,
  refusedBy: null,
  error: null,
};

const fromGeneration = (g: TAiGeneration): Partial<TAiGenerationContext> => ({
  ask: { kind: g.kind as TAiAsk['kind'], prompt: g.prompt },
  engine: g.engine,
  engineName: g.engineName,
  generationId: g.generationId,
  title: g.draft.title,
  subtitle: g.draft.subtitle,
  subjects: g.draft.subjects,
  removed: [],
  notice: null,
  questionId: g.questionId,
  error: null,
});

const startTransitions = [
  { guard: 'askInvalid' as const, actions: 'setAskError' as const },
  { target: 'generating', actions: 'setAsk' as const },
];

/**
 * An AI generation on /aiIndex.html and /aiResult.html (issue 52 item 4): the request is generated as a stream
 * (the page hands the stream's start, title, subject and retry events in), then the list is edited (rename,
 * remove, move, undo a removal; the project's title and subtitle), 停止生成 cuts the stream and keeps nothing; then 创建并编辑 makes the project
 * (createFromGeneration) and opens the editor — or a limit dialog (isCreate 0 daily, 2 subjects) as on the
 * create page. A failed generation or creation can be retried.
 */
export const aiGenerationMachine = setup({
  types: { context: {} as TAiGenerationContext, events: {} as TAiGenerationEvent },
  actors: {
    /** The AI base's generation call of the kind, streamed (src/api/ai-client.ts aiStream). */
    generate: supplied<TAiGeneration, TAiAsk>('generate'),
    /** activity/ai/createFromGeneration with the edited list. */
    create: supplied<TCreateResult, TAiCreateInput>('create'),
    /** activity/question/getQuestionCount: the level's limits, named by the limit dialog. */
    checkCount: supplied<TQuestionCount>('checkCount'),
  },
  actions: {
    setAsk: assign(({ event }) => (event.type === 'gen.start' ? { ...EMPTY, ask: { ...event.ask, prompt: event.ask.prompt.trim() } } : {})),
    setAskError: assign(({ event }) => (event.type === 'gen.start' ? { error: askProblem(event.ask) } : {})),
    open: assign(({ event }) => (event.type === 'gen.open' ? fromGeneration(event.generation) : {})),
    setGenerated: assign((_, params: { generation: TAiGeneration }) => fromGeneration(params.generation)),
    setEngine: assign(({ event }) => (event.type === 'stream.start' ? { engine: event.engine, engineName: event.engineName } : {})),
    setStreamTitle: assign(({ event }) => (event.type === 'stream.title' ? { title: event.title, subtitle: event.subtitle } : {})),
    addSubject: assign(({ context, event }) =>
      event.type === 'stream.subject' ? { subjects: placeSubject(context.subjects, event.index, event.subject) } : {},
    ),
    restartStream: assign(({ event }) =>
      event.type === 'stream.retry' ? { subjects: [], notice: `生成的内容未通过校验，正在重新生成（第${event.attempt}次）` } : {},
    ),
    editTitle: assign(({ event }) => (event.type === 'edit.title' ? { title: event.title, error: null } : {})),
    editSubtitle: assign(({ event }) => (event.type === 'edit.subtitle' ? { subtitle: event.subtitle } : {})),
    rename: assign(({ context, event }) => (event.type === 'edit.rename' ? { subjects: renameSubject(context.subjects, event.uuid, event.title) } : {})),
    remove: assign(({ context, event }) => (event.type === 'edit.remove' ? removeSubject(context.subjects, context.removed, event.uuid) : {})),
    move: assign(({ context, event }) => (event.type === 'edit.move' ? { subjects: moveSubject(context.subjects, event.uuid, event.by) } : {})),
    undo: assign(({ context }) => ({ ...undoRemove(context.subjects, context.removed), error: null })),
    setCreateError: assign(({ context }) => ({ error: createProblem(context.title, context.subjects) })),
    setQuestionId: assign((_, params: { questionId: string }) => ({ questionId: params.questionId, error: null })),
    setRefused: assign((_, params: { isCreate: 0 | 2 }) => ({ refusedBy: params.isCreate })),
    setLimits: assign((_, params: { limits: TQuestionCount | null }) => ({ limits: params.limits })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), notice: null })),
    clearError: assign({ error: null }),
    reset: assign(() => EMPTY),
    /** The new project exists: the page opens its editor. */
    openEditor: (_, _params: { questionId: string }) => {},
    /** 升级版本 on a limit dialog: the member page in a new tab. */
    openMemberPage: (_, _params: { memberLevel: number }) => {},
  },
  guards: {
    askInvalid: ({ event }) => event.type === 'gen.start' && askProblem(event.ask) !== null,
    cannotCreate: ({ context }) => createProblem(context.title, context.subjects) !== null,
    canUndo: ({ context }) => context.removed.length > 0,
    hasGeneration: ({ context }) => context.generationId !== null,
    isCreated: (_, params: { result: TCreateResult }) => params.result.isCreate === 1 && params.result.questionId !== null,
    dailyLimitHit: (_, params: { result: TCreateResult }) => params.result.isCreate === 0,
    refusedDaily: ({ context }) => context.refusedBy === 0,
  },
}).createMachine({
  id: 'aiGeneration',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: {
      on: { 'gen.start': startTransitions, 'gen.open': { target: 'review', actions: 'open' } },
    },
    generating: {
      invoke: {
        id: 'generate',
        src: 'generate',
        input: ({ context }) => context.ask!,
        onDone: { target: 'review', actions: { type: 'setGenerated', params: ({ event }) => ({ generation: event.output }) } },
        onError: failTo('failed', 'setError'),
      },
      on: {
        'stream.start': { actions: 'setEngine' },
        'stream.title': { actions: 'setStreamTitle' },
        'stream.subject': { actions: 'addSubject' },
        'stream.retry': { actions: 'restartStream' },
        'gen.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    review: {
      on: {
        'edit.title': { actions: 'editTitle' },
        'edit.subtitle': { actions: 'editSubtitle' },
        'edit.rename': { actions: 'rename' },
        'edit.remove': { actions: 'remove' },
        'edit.move': { actions: 'move' },
        'edit.undo': { guard: 'canUndo', actions: 'undo' },
        'gen.create': [
          { guard: 'cannotCreate', actions: 'setCreateError' },
          { target: 'creating', actions: 'clearError' },
        ],
        'gen.start': startTransitions,
        'error.dismiss': { actions: 'clearError' },
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ generationId: context.generationId!, title: context.title.trim(), subtitle: context.subtitle, subjects: context.subjects }),
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ result: event.output }) },
            target: 'created',
            actions: { type: 'setQuestionId', params: ({ event }) => ({ questionId: event.output.questionId! }) },
          },
          {
            guard: { type: 'dailyLimitHit', params: ({ event }) => ({ result: event.output }) },
            target: 'checkingLimits',
            actions: { type: 'setRefused', params: { isCreate: 0 } },
          },
          { target: 'checkingLimits', actions: { type: 'setRefused', params: { isCreate: 2 } } },
        ],
        onError: failTo('failed', 'setError'),
      },
    },
    /** A limit refused the creation: the level's limits, for the dialog's words. */
    checkingLimits: {
      invoke: {
        id: 'checkCount',
        src: 'checkCount',
        onDone: [
          { guard: 'refusedDaily', target: 'dailyLimit', actions: { type: 'setLimits', params: ({ event }) => ({ limits: event.output }) } },
          { target: 'subjectLimit', actions: { type: 'setLimits', params: ({ event }) => ({ limits: event.output }) } },
        ],
        onError: [{ guard: 'refusedDaily', target: 'dailyLimit' }, { target: 'subjectLimit' }],
      },
    },
    dailyLimit: limitDialogState('review'),
    subjectLimit: limitDialogState('review'),
    failed: {
      on: {
        'gen.retry': [
          { guard: 'hasGeneration', target: 'creating', actions: 'clearError' },
          { target: 'generating', actions: 'clearError' },
        ],
        'error.dismiss': [
          { guard: 'hasGeneration', target: 'review', actions: 'clearError' },
          { target: 'idle', actions: 'clearError' },
        ],
        'gen.start': startTransitions,
      },
    },
    created: {
      type: 'final',
      entry: { type: 'openEditor', params: ({ context }) => ({ questionId: context.questionId! }) },
    },
  },
});
