import { createRoot } from 'react-dom/client';
import '../../src/respond/respond.css';
import { newDraft } from '../../src/respond/draft';
import { Sheet } from '../../src/respond/sheet';
import type { TAnswerForm } from '../../src/respond/types';
import { RespondContext } from '../../src/respond/widgets/shared';
import { whenPainted } from './ready';

// The respondent page's own Sheet, fed the survey from a static file instead of getQuestion.
const form = (await (await fetch('./ours.json')).json()) as TAnswerForm;
whenPainted('fieldset.r-subject', form.subjects.length);
createRoot(document.getElementById('root')!).render(
  <RespondContext.Provider value={{ questionId: form.questionId, preview: true }}>
    <div className="r-root">
      <Sheet form={form} draft={newDraft()} preview source="preview" password={undefined} onDone={() => {}} onEnded={() => {}} />
    </div>
  </RespondContext.Provider>,
);
