import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import 'survey-core/survey-core.css';
import { Survey } from 'survey-react-ui';
import { whenPainted } from './ready';

const json = await (await fetch('./surveyjs.json')).json();
const model = new Model(json);
whenPainted('.sd-question', json.pages[0].elements.length);
createRoot(document.getElementById('root')!).render(<Survey model={model} />);
