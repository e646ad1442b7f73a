import { findMachineEntry } from '../../../machines/registry';
import { explore, pathLists, simplePaths, type TExploration } from '../../../machines/simulation/paths';
import type { TPathsRequest, TPathsResponse } from './paths-client';

/** Walks machines off the main thread: a large machine (the editor) takes seconds. One walk per machine. */
const explorations = new Map<string, TExploration>();
const scope = self as unknown as { onmessage: ((message: MessageEvent<TPathsRequest>) => void) | null; postMessage: (response: TPathsResponse) => void };

function answer(request: TPathsRequest): TPathsResponse {
  const entry = findMachineEntry(request.machine);
  if (!entry) return { id: request.id, error: `登记表中没有状态机「${request.machine}」` };
  let exploration = explorations.get(entry.id);
  if (!exploration) {
    exploration = explore(entry);
    explorations.set(entry.id, exploration);
  }
  if (request.kind === 'lists') return { id: request.id, lists: pathLists(exploration) };
  return { id: request.id, simple: simplePaths(exploration, request.target, request.limit) };
}

scope.onmessage = ({ data }) => {
  try {
    scope.postMessage(answer(data));
  } catch (error) {
    scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
