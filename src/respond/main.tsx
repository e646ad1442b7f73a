import { createRoot } from 'react-dom/client';
import './respond.css';
import { RespondApp } from './respond-app';
import { detectSource, questionIdFromPath } from './location';

const search = new URLSearchParams(location.search);
let framed = false;
try {
  framed = window.self !== window.top;
} catch {
  framed = true;
}
const preview = search.get('preview') === '1';

createRoot(document.getElementById('root')!).render(
  <RespondApp
    questionId={questionIdFromPath(location.pathname)}
    preview={preview}
    editToken={search.get('edit') || undefined}
    source={preview ? 'preview' : detectSource(search, navigator.userAgent, framed)}
  />,
);
