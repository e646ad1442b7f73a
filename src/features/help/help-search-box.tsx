import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui';
import { HELP } from './help-texts';
import styles from './help.module.css';

/** The search box of every help page: sends the words to /help/search.html?keyword=…. */
export function HelpSearchBox({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = keyword.trim();
    if (words) void navigate({ to: '/help/search.html', search: { keyword: words } });
  };
  return (
    <form role="search" className={styles.searchForm} onSubmit={submit}>
      <label className={styles.searchField}>
        <Search size={18} aria-hidden />
        <span className={styles.visuallyHidden}>{HELP.searchLabel}</span>
        <input type="search" value={keyword} maxLength={50} placeholder={HELP.searchPlaceholder} onChange={(event) => setKeyword(event.target.value)} />
      </label>
      <Button type="submit" variant="primary">
        {HELP.searchButton}
      </Button>
    </form>
  );
}
