import { Upload } from 'lucide-react';
import { memo } from 'react';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { Box } from '../../../subjects/preview-parts';
import type { TLookProject } from '../../../subjects/subject-look';
import { subjectLook } from '../../../subjects/subject-looks';

/** The same subject apart from its position: a move renumbers every subject, and nothing else changes. */
export function sameContent(a: TSubject, b: TSubject): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === 'indexSort' || (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

/** How a subject will look to a respondent, drawn without inputs (canvas cards, outline, preview): its type's look. */
export const SubjectBody = memo(SubjectBodyView, (a, b) => a.exam === b.exam && a.project === b.project && sameContent(a.subject, b.subject));

/** `project`: drawn on the editor's canvas for that project (the subject library and the style page pass none). */
function SubjectBodyView({ subject, exam, project }: { subject: TSubject; exam?: boolean; project?: TLookProject }) {
  const Preview = subjectLook(subject.subjectType)?.Preview;
  return Preview ? <Preview subject={subject} exam={exam} project={project} /> : <Box icon={<Upload size={16} aria-hidden />}>请作答</Box>;
}
