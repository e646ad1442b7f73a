// The respondent page ships with Preact (vite.respond.config.ts), so its component tests render with Preact
// too: in the vitest project "respond", '@testing-library/react' resolves to this file. Same API as far as
// the tests use it (render, screen, within, waitFor, act, cleanup), built on @testing-library/dom.
import { configure, getQueriesForElement } from '@testing-library/dom';
import { render as preactRender, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';

export * from '@testing-library/dom';
export { act };

// Every event a test fires (fireEvent, user-event) flushes Preact's renders and effects before it returns,
// as React's act does for @testing-library/react.
configure({
  eventWrapper: (cb) => {
    let result: unknown;
    void act(() => {
      result = cb();
    });
    return result;
  },
});

const mounted = new Set<HTMLElement>();

export function render(ui: ComponentChild, options: { container?: HTMLElement } = {}) {
  const container = options.container ?? document.body.appendChild(document.createElement('div'));
  mounted.add(container);
  void act(() => preactRender(ui, container));
  return {
    container,
    baseElement: document.body,
    ...getQueriesForElement(container),
    rerender: (next: ComponentChild) => void act(() => preactRender(next, container)),
    unmount: () => {
      void act(() => preactRender(null, container));
    },
  };
}

export function cleanup(): void {
  for (const container of mounted) {
    void act(() => preactRender(null, container));
    container.remove();
  }
  mounted.clear();
}
