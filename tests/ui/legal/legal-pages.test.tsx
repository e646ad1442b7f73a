import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOnHost, renderApp } from '../render-app';

// Issue 43 item 7: the login page's 《用户服务协议》 and 《隐私政策》 are real pages, in the brand's words, naming the
// operator from the server's settings; the footer's 服务条款, 隐私政策 and 联系我们 open them.
const operator = vi.hoisted(() => ({ current: { name: null as string | null, contact: null as string | null } }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: async (contract: { path: string }) => {
    if (contract.path === 'site/operator') return operator.current;
    throw new Error(`unexpected call ${contract.path}`);
  },
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'anonymous', user: null, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));
afterEach(() => openOnHost('http://localhost:3000/'));

describe('legal pages', () => {
  it('the agreement names the brand of the host and the operator with its contact', async () => {
    operator.current = { name: '杭州示例科技有限公司', contact: 'support@example.com' };
    openOnHost('http://jielong.localhost:3000/agreement.html');
    await renderApp('/agreement.html');
    expect(await screen.findByRole('heading', { level: 1, name: '接龙通用户服务协议' })).toBeInTheDocument();
    expect(await screen.findByTestId('operator-name')).toHaveTextContent('运营者：杭州示例科技有限公司');
    const contact = screen.getByRole('region', { name: '联系我们' });
    expect(contact).toHaveAttribute('id', 'contact');
    expect(within(contact).getByTestId('operator-contact')).toHaveTextContent('support@example.com');
    expect(screen.getByRole('main')).toHaveTextContent('由杭州示例科技有限公司部署和运营');
    expect(screen.getByRole('main')).not.toHaveTextContent('问卷通');
    expect(screen.getByRole('link', { name: '阅读《隐私政策》' })).toHaveAttribute('href', '/privacy.html');
  });

  it('the privacy policy says 本网站的运营者 and how to name it while OPERATOR_NAME is unset', async () => {
    operator.current = { name: null, contact: null };
    await renderApp('/privacy.html');
    expect(await screen.findByRole('heading', { level: 1, name: '问卷通隐私政策' })).toBeInTheDocument();
    expect(screen.getByTestId('operator-name')).toHaveTextContent('运营者：本网站的运营者');
    expect(screen.getByText(/OPERATOR_NAME 和 OPERATOR_CONTACT/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '联系我们' })).toHaveTextContent('尚未在本网站公布联系方式');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '服务条款' })).toHaveAttribute('href', '/agreement.html');
    expect(within(footer).getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/privacy.html');
    expect(within(footer).getByRole('link', { name: '联系我们' })).toHaveAttribute('href', '/agreement.html#contact');
  });

  it('the login page links both documents from its agreement line', async () => {
    await renderApp('/login');
    const line = (await screen.findByText(/登录或注册即表示你已阅读并同意/)).closest('p')!;
    expect(line).toHaveTextContent('登录或注册即表示你已阅读并同意《用户服务协议》和《隐私政策》');
    expect(within(line).getByRole('link', { name: '《用户服务协议》' })).toHaveAttribute('href', '/agreement.html');
    expect(within(line).getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy.html');
  });
});
