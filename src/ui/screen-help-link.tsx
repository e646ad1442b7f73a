import { CircleHelp } from 'lucide-react';
import { screenArticle, type THelpScreen } from '../../schemas/help/screen-articles';
import { Button } from './button';

/** A screen's own guide in the help centre (issue 48 item 1), opened in a new tab by its slug. */
export function ScreenHelpLink({ screen }: { screen: THelpScreen }) {
  const { href, label } = screenArticle(screen);
  return (
    <Button variant="ghost" asChild>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <CircleHelp size={14} aria-hidden />
        {label}
      </a>
    </Button>
  );
}
