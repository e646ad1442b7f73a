import { RichText } from './rich-text';
import { coverOf, logoOf } from './theme';
import type { TAnswerForm } from './types';

export function FormHeader({ form }: { form: Pick<TAnswerForm, 'title' | 'subtitle' | 'style' | 'questionType'> }) {
  const cover = coverOf(form.style);
  const logo = logoOf(form.style);
  return (
    <header className={cover ? 'r-head has-cover' : 'r-head'}>
      {cover ? <img className="r-cover" src={cover} alt="" /> : null}
      {logo ? <img className="r-logo" src={logo} alt="" /> : null}
      <h1 className="r-form-title">{form.title}</h1>
      {form.subtitle ? <RichText html={form.subtitle} className="r-subtitle r-rich" /> : null}
    </header>
  );
}
