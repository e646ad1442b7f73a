import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CSS_CHUNK_LOAD_FAILED } from '../../../src/app/chunk-loader';
import { RouteErrorPage } from '../../../src/app/route-error';
import '../../../src/i18n';

const props = (error: Error) => ({ error, reset: () => {}, info: { componentStack: '' } });

describe('route error page (spec §8)', () => {
  it.each([
    new ChunkLoadError('timeout', 'features/home/home-page'),
    Object.assign(new Error('Unable to preload CSS for /assets/a.css'), { code: CSS_CHUNK_LOAD_FAILED }),
  ])('a chunk or stylesheet failure offers 重新加载', async (error) => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { value: { ...original, reload }, configurable: true });
    render(<RouteErrorPage {...props(error)} />);
    expect(screen.getByText('页面资源加载失败')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledOnce();
    Object.defineProperty(window, 'location', { value: original, configurable: true });
  });

  it('any other error shows a generic page with reload and home', () => {
    render(<RouteErrorPage {...props(new Error('boom'))} />);
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });
});
