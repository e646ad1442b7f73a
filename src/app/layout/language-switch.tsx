import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownItem, DropdownMenu } from '../../ui/dropdown-menu';
import { changeLanguage, LANGUAGES } from '../../i18n';
import styles from './header.module.css';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  return (
    <DropdownMenu
      width={140}
      trigger={
        <button type="button" className={`${styles.iconButton} ${styles.language}`} aria-label={t('header.language')}>
          <Languages size={18} aria-hidden />
          {current.code === 'en' ? 'EN' : '中'}
        </button>
      }
    >
      {LANGUAGES.map((language) => (
        <DropdownItem key={language.code} onSelect={() => changeLanguage(language.code)} aria-checked={language.code === current.code}>
          {language.label}
        </DropdownItem>
      ))}
    </DropdownMenu>
  );
}
