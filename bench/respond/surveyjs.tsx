import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import 'survey-core/survey-core.css';
import { Survey } from 'survey-react-ui';

// SurveyJS with its default theme, fed the same survey as our page (bench/respond/fixture.ts), `?n=` subjects.
const n = new URLSearchParams(location.search).get('n') ?? '800';
void fetch(`./model-${n}.json`)
  .then((r) => r.json())
  .then((json) => createRoot(document.getElementById('root')!).render(<Survey model={new Model(json)} />));
