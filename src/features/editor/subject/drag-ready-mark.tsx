import { useDndContext } from '@dnd-kit/core';
import { useEffect, useState } from 'react';

/**
 * Says when a keyboard drag can take arrow keys: dnd-kit's KeyboardSensor starts listening for them in a
 * setTimeout after the drag starts, so an arrow pressed right after the "picked up" announcement can be lost
 * on a busy machine. The mark turns true once the drag is active and that timer has run: this effect runs
 * after the drag start's render (the droppables are measured in layout effects before it), and its timer was
 * set after the sensor's, which was set while the pick-up key was handled. Journeys wait for it instead of
 * for time; assistive technology is unaffected (the element is hidden).
 */
export function DragReadyMark({ testId }: { testId: string }) {
  const { active } = useDndContext();
  const [readyFor, setReadyFor] = useState<unknown>(null);
  const id = active?.id ?? null;
  useEffect(() => {
    if (id === null) return;
    const timer = setTimeout(() => setReadyFor(id));
    return () => clearTimeout(timer);
  }, [id]);
  return <span hidden data-testid={testId} data-ready={id !== null && readyFor === id ? 'true' : 'false'} />;
}
