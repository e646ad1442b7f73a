import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressive } from '../../../src/features/report/use-progressive';

describe('report cards render progressively (issue 17 item 9)', () => {
  it('renders the first cards at once and the rest a batch per frame', async () => {
    function List({ total }: { total: number }) {
      const shown = useProgressive(total);
      return <p data-testid="shown">{shown}</p>;
    }
    const view = render(<List total={17} />);
    expect(view.getByTestId('shown')).toHaveTextContent(/^4$/);
    await waitFor(() => expect(view.getByTestId('shown')).toHaveTextContent(/^17$/));
  });
});
