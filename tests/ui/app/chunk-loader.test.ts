import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT, CSS_CHUNK_LOAD_FAILED, ChunkLoadError, installPreloadErrorHandler, isChunkLoadError, loadChunk } from '../../../src/app/chunk-loader';

describe('loadChunk (spec §1/§8: 120 s chunk timeout, ChunkLoadError)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses a 120 000 ms timeout', () => {
    expect(CHUNK_TIMEOUT).toBe(120_000);
  });

  it('rejects with a ChunkLoadError (type, request) once 120 s pass without the chunk', async () => {
    const pending = loadChunk(() => new Promise<never>(() => {}), 'features/home/home-page');
    const outcome = pending.then(
      () => 'resolved',
      (error: unknown) => error,
    );

    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', type: 'timeout', request: 'features/home/home-page' });
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { HomePage: () => null };
    const pending = loadChunk(() => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 1000)), 'features/home/home-page');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBe(module);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT);
  });

  it('turns a failed import into a ChunkLoadError carrying the chunk address', async () => {
    const failure = loadChunk(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://example.test/assets/home-page-abc.js')),
      'features/home/home-page',
    );
    await expect(failure).rejects.toMatchObject({
      name: 'ChunkLoadError',
      type: 'missing',
      request: 'https://example.test/assets/home-page-abc.js',
    });
  });

  it('marks a stylesheet preload failure with CSS_CHUNK_LOAD_FAILED', async () => {
    const failure = loadChunk(
      () => Promise.reject(new Error('Unable to preload CSS for https://example.test/assets/home-page-abc.css')),
      'features/home/home-page',
    );
    await expect(failure).rejects.toMatchObject({
      name: 'ChunkLoadError',
      type: 'css',
      code: CSS_CHUNK_LOAD_FAILED,
      request: 'https://example.test/assets/home-page-abc.css',
    });
  });
});

describe('vite:preloadError handler', () => {
  it('tags a CSS preload error with CSS_CHUNK_LOAD_FAILED before Vite rethrows it', () => {
    const uninstall = installPreloadErrorHandler(window);
    const error = new Error('Unable to preload CSS for http://localhost/assets/x.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
    window.dispatchEvent(event);
    uninstall();

    expect(error).toMatchObject({ name: 'ChunkLoadError', code: CSS_CHUNK_LOAD_FAILED, request: 'http://localhost/assets/x.css' });
    expect(event.defaultPrevented).toBe(false);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('leaves script preload errors alone', () => {
    const uninstall = installPreloadErrorHandler(window);
    const error = new Error('Failed to fetch dynamically imported module: http://localhost/assets/x.js');
    window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: error }));
    uninstall();
    expect(error.name).toBe('Error');
  });
});
