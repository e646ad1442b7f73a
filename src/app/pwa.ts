/**
 * Install prompt (spec §4): the browser's `beforeinstallprompt` event is stored; the "add to desktop"
 * action calls it. Non-Chrome browsers cannot install; with no stored event the app is already installed.
 */
interface TInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let stored: TInstallPromptEvent | null = null;

export function captureInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    stored = event as TInstallPromptEvent;
  };
  const onInstalled = () => {
    stored = null;
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** Chrome (and Chromium-based Edge) can install; in-app browsers and other engines cannot. */
export function isChromeBrowser(userAgent: string): boolean {
  if (!/Chrome\/\d+|CriOS\/\d+/.test(userAgent)) return false;
  return !/MicroMessenger|QQBrowser|MQQBrowser|UCBrowser|Quark|OPR\/|SamsungBrowser|DingTalk|Weibo|AlipayClient|Firefox/i.test(userAgent);
}

export type TInstallOutcome = 'unsupported' | 'installed' | 'accepted' | 'dismissed';

export async function installApp(userAgent: string = navigator.userAgent): Promise<TInstallOutcome> {
  if (!isChromeBrowser(userAgent)) return 'unsupported';
  const event = stored;
  if (!event) return 'installed';
  stored = null;
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

/** The respondent path never gets a service worker (iOS WeChat has none; libraries.md "PWA"). */
const RESPONDENT_PATHS = [/^\/x\//, /^\/s\//];

export function shouldRegisterServiceWorker(pathname: string, production: boolean): boolean {
  return production && !RESPONDENT_PATHS.some((pattern) => pattern.test(pathname));
}
