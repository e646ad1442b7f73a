import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusPill, type TPillTone } from '../../src/ui/status-pill';
import sheet from '../../src/ui/status-pill.module.css';

// Issue 45 item 6: the project list, the release page and the workbench drew the same state pill from copies in their
// own sheets (and the chain, group-buy and booking tables their tone classes); they now take StatusPill from src/ui.
describe('StatusPill', () => {
  it('shows the words in a pill of its tone, the dot hidden from assistive technology', () => {
    render(
      <StatusPill tone="success" dot className="mine">
        收集中
      </StatusPill>,
    );
    const pill = screen.getByText('收集中');
    expect(pill).toHaveClass(sheet.pill!, sheet.success!, 'mine');
    const dot = pill.querySelector(`.${sheet.dot}`);
    expect(dot).not.toBeNull();
    expect(dot).toHaveAttribute('aria-hidden');
  });

  it('draws each tone with a class of its own, and no dot unless asked', () => {
    const tones: TPillTone[] = ['success', 'warning', 'danger', 'primary', 'violet', 'neutral', 'muted'];
    for (const tone of tones) {
      const { unmount } = render(<StatusPill tone={tone}>{tone}</StatusPill>);
      const pill = screen.getByText(tone);
      expect(sheet[tone]).toBeTruthy();
      expect(pill).toHaveClass(sheet[tone]!);
      expect(tones.filter((other) => other !== tone).some((other) => pill.classList.contains(sheet[other]!))).toBe(false);
      expect(pill.querySelector(`.${sheet.dot}`)).toBeNull();
      unmount();
    }
  });
});
