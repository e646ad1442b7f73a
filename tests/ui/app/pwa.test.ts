import { describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, installApp, isChromeBrowser, shouldRegisterServiceWorker } from '../../../src/app/pwa';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WECHAT = `${CHROME} MicroMessenger/8.0.47`;

describe('install prompt (spec §4)', () => {
  it('recognises Chrome and rejects other browsers', () => {
    expect(isChromeBrowser(CHROME)).toBe(true);
    expect(isChromeBrowser(FIREFOX)).toBe(false);
    expect(isChromeBrowser(SAFARI)).toBe(false);
    expect(isChromeBrowser(WECHAT)).toBe(false);
  });

  it('non-Chrome browsers cannot install', async () => {
    await expect(installApp(FIREFOX)).resolves.toBe('unsupported');
  });

  it('with no stored event the app counts as installed', async () => {
    await expect(installApp(CHROME)).resolves.toBe('installed');
  });

  it('stores the beforeinstallprompt event and calls it from the add action', async () => {
    const uninstall = captureInstallPrompt(window);
    const prompt = vi.fn(async () => {});
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    await expect(installApp(CHROME)).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledOnce();
    await expect(installApp(CHROME)).resolves.toBe('installed');
    uninstall();
  });
});

describe('service worker registration', () => {
  it('only in production and never on respondent pages', () => {
    expect(shouldRegisterServiceWorker('/activeManagement.html', true)).toBe(true);
    expect(shouldRegisterServiceWorker('/activeManagement.html', false)).toBe(false);
    expect(shouldRegisterServiceWorker('/x/abc123', true)).toBe(false);
    expect(shouldRegisterServiceWorker('/s/abc123', true)).toBe(false);
  });
});
