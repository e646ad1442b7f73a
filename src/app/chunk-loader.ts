/** Spec §1/§9: every lazily loaded chunk gets 120 seconds before it counts as failed. */
export const CHUNK_TIMEOUT = 120_000;

/** Spec §8: a stylesheet that fails to preload carries this code. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export type TChunkFailure = 'timeout' | 'missing' | 'css';

/** Named like webpack's error so monitoring and the error page recognise it (spec §8). */
export class ChunkLoadError extends Error {
  readonly type: TChunkFailure;
  /** The chunk's address (URL when the browser tells us, otherwise the module it stands for). */
  readonly request: string;
  readonly code?: string;

  constructor(type: TChunkFailure, request: string, message?: string, options?: { cause?: unknown; code?: string }) {
    super(message ?? `Loading chunk ${request} failed (${type})`, { cause: options?.cause });
    this.name = 'ChunkLoadError';
    this.type = type;
    this.request = request;
    this.code = options?.code ?? (type === 'css' ? CSS_CHUNK_LOAD_FAILED : undefined);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error && (error.name === 'ChunkLoadError' || (error as { code?: string }).code === CSS_CHUNK_LOAD_FAILED))
  );
}

const CSS_FAILURE = /Unable to preload CSS for (\S+)/;
const ADDRESS = /(https?:\/\/\S+|\/\S+\.(?:m?js|css))/;

/** Turns whatever a failed `import()` threw into a ChunkLoadError with the best address we can find. */
export function toChunkLoadError(error: unknown, request: string): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const css = CSS_FAILURE.exec(message);
  if (css || (error as { code?: string } | null)?.code === CSS_CHUNK_LOAD_FAILED) {
    return new ChunkLoadError('css', css?.[1] ?? request, message, { cause: error, code: CSS_CHUNK_LOAD_FAILED });
  }
  const address = ADDRESS.exec(message)?.[1] ?? request;
  return new ChunkLoadError('missing', address, message, { cause: error });
}

/**
 * Wraps a dynamic import: resolves with the module, or rejects with a ChunkLoadError when the import fails
 * or takes longer than `timeout` ms.
 */
export function loadChunk<T>(importer: () => Promise<T>, request: string, timeout = CHUNK_TIMEOUT): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError('timeout', request, `Loading chunk ${request} timed out after ${timeout} ms`));
    }, timeout);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error, request));
      },
    );
  });
}

interface TPreloadErrorEvent extends Event {
  payload?: unknown;
}

/**
 * Vite fires `vite:preloadError` before it rethrows a failed preload. A stylesheet failure gets the code
 * CSS_CHUNK_LOAD_FAILED and the ChunkLoadError name on the very error that `import()` then rejects with.
 * Returns an uninstall function.
 */
export function installPreloadErrorHandler(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as TPreloadErrorEvent).payload;
    if (!(payload instanceof Error)) return;
    const css = CSS_FAILURE.exec(payload.message);
    if (!css && !/\.css(\?|$)/.test(payload.message)) return;
    Object.assign(payload, { code: CSS_CHUNK_LOAD_FAILED, type: 'css', request: css?.[1] ?? '' });
    payload.name = 'ChunkLoadError';
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
