import { findMachineEntry } from '../../../machines/registry';
import { explore, pathLists, simplePaths, type TExploration, type TPathLists, type TSimplePaths } from '../../../machines/simulation/paths';

export type TPathsRequest = { id: number; kind: 'lists'; machine: string } | { id: number; kind: 'simple'; machine: string; target: string; limit: number };
export type TPathsResponse = { id: number; lists?: TPathLists; simple?: TSimplePaths; error?: string };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (response: TPathsResponse) => void }>();

function workerOf(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./paths.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<TPathsResponse>) => {
      waiting.get(data.id)?.resolve(data);
      waiting.delete(data.id);
    };
  }
  return worker;
}

// Without workers (jsdom in tests) the walk runs here, after the current render.
const local = new Map<string, TExploration>();
function answerHere(request: TPathsRequest): TPathsResponse {
  const entry = findMachineEntry(request.machine);
  if (!entry) return { id: request.id, error: `登记表中没有状态机「${request.machine}」` };
  const exploration = local.get(entry.id) ?? explore(entry);
  local.set(entry.id, exploration);
  return request.kind === 'lists'
    ? { id: request.id, lists: pathLists(exploration) }
    : { id: request.id, simple: simplePaths(exploration, request.target, request.limit) };
}

type TDistribute<T> = T extends unknown ? Omit<T, 'id'> : never;

async function ask(request: TDistribute<TPathsRequest>): Promise<TPathsResponse> {
  const full = { ...request, id: nextId++ } as TPathsRequest;
  if (typeof Worker === 'undefined') {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return answerHere(full);
  }
  return new Promise((resolve) => {
    waiting.set(full.id, { resolve });
    workerOf().postMessage(full);
  });
}

async function unwrap<T>(response: TPathsResponse, pick: (response: TPathsResponse) => T | undefined): Promise<T> {
  const value = pick(response);
  if (response.error || value === undefined) throw new Error(response.error ?? '路径计算失败');
  return value;
}

/** The model tests' paths, the shortest to every state and the simple-path targets of a machine. */
export const fetchPathLists = async (machine: string): Promise<TPathLists> => unwrap(await ask({ kind: 'lists', machine }), (r) => r.lists);

/** Simple paths to one target state, shortest first, at most `limit`. */
export const fetchSimplePaths = async (machine: string, target: string, limit: number): Promise<TSimplePaths> =>
  unwrap(await ask({ kind: 'simple', machine, target, limit }), (r) => r.simple);
