import { createRoot } from 'react-dom/client';
import '../styles/tokens.css';
import '../styles/phone-base.css';
import './respond.css';
import './appointment/appointment.css';
import { RespondApp } from './respond-app';
import { detectSource, questionIdFromPath } from './location';
import { keepContactToken } from './contact-link';
import { keepSpaceRelease } from './space-link';
import { bookingTokenFromPath } from './appointment/appointment-api';
import { bookingChunk } from './kind-chunks';
import { BrandFooter } from './brand-footer';

const search = new URLSearchParams(location.search);
// A contact's own link (?ct=): kept for this tab, so the submit claims it after a reload too.
keepContactToken(questionIdFromPath(location.pathname), search);
// 互助空间 (?space=): the release the submit names, so a logged-in answer may earn its reward.
keepSpaceRelease(questionIdFromPath(location.pathname), search);
let framed = false;
try {
  framed = window.self !== window.top;
} catch {
  framed = true;
}
// A template (?template=1, /template/detailQuestion.html) shows as the preview does: tried, never submitted.
const template = search.get('template') === '1';
const preview = search.get('preview') === '1' || template;
// /appointment/booking/{token}: an appointment's private booking page, served by this same entry.
const bookingToken = bookingTokenFromPath(location.pathname);

createRoot(document.getElementById('root')!).render(
  bookingToken ? (
    <div className="r-root">
      <bookingChunk.Page token={bookingToken} />
      <BrandFooter />
    </div>
  ) : (
    <RespondApp
      questionId={questionIdFromPath(location.pathname)}
      preview={preview}
      template={template}
      editToken={search.get('edit') || undefined}
      source={preview ? 'preview' : detectSource(search, navigator.userAgent, framed)}
    />
  ),
);
