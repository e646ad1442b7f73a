import { DndContext, KeyboardSensor, useDraggable, useSensor, useSensors } from '@dnd-kit/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DragReadyMark } from '../../../src/features/editor/subject/drag-ready-mark';

function Handle() {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: 'card' });
  return (
    <button type="button" ref={setNodeRef} {...attributes} {...listeners}>
      拖动
    </button>
  );
}

function Canvas({ onMove }: { onMove: () => void }) {
  const sensors = useSensors(useSensor(KeyboardSensor));
  return (
    <DndContext sensors={sensors} onDragMove={onMove}>
      <DragReadyMark testId="ready" />
      <Handle />
    </DndContext>
  );
}

// Issue 17 item 11: an arrow key pressed right after the pick-up was lost on a busy machine, because dnd-kit's
// keyboard sensor listens for arrows only from a timer after the drag starts. The mark says when it listens.
describe('DragReadyMark', () => {
  it('turns true only once the keyboard sensor takes arrow keys', async () => {
    vi.useFakeTimers();
    try {
      const onMove = vi.fn();
      render(<Canvas onMove={onMove} />);
      const mark = screen.getByTestId('ready');
      const handle = screen.getByRole('button', { name: '拖动' });
      handle.focus();
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      expect(mark.dataset.ready).toBe('false');
      // Before the sensor's timer, an arrow goes nowhere: this is the keypress the journey lost.
      fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
      expect(onMove).not.toHaveBeenCalled();
      await act(async () => {
        await vi.runOnlyPendingTimersAsync();
      });
      expect(mark.dataset.ready).toBe('true');
      fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
      expect(onMove).toHaveBeenCalled();
      // Dropped: not ready any more.
      fireEvent.keyDown(document, { code: 'Space', key: ' ' });
      await act(async () => {
        await vi.runOnlyPendingTimersAsync();
      });
      expect(mark.dataset.ready).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });
});
