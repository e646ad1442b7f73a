import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
] as const;
export type TLanguage = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'lang';

function storedLanguage(): TLanguage {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

/** One i18next instance, initialised synchronously so the first render (and tests) already have strings. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  supportedLngs: LANGUAGES.map((language) => language.code),
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function changeLanguage(language: TLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  void i18n.changeLanguage(language);
}

/** Adds a feature's own namespace (e.g. the home page copy) when its chunk loads. */
export function addMessages(namespace: string, resources: Record<TLanguage, object>): void {
  for (const [language, bundle] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
}
