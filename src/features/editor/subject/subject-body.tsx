import { Upload } from 'lucide-react';
import { memo } from 'react';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { Box } from '../../subjects/preview-parts';
import { subjectLook } from '../../subjects/subject-looks';

/** The same subject apart from its position: a move renumbers every subject, and nothing else changes. */
export function sameContent(a: TSubject, b: TSubject): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === 'indexSort' || (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

/** How a subject will look to a respondent, drawn without inputs (canvas cards, outline, preview): its type's look. */
export const SubjectBody = memo(SubjectBodyView, (a, b) => a.exam === b.exam && sameContent(a.subject, b.subject));

function SubjectBodyView({ subject, exam }: { subject: TSubject; exam?: boolean }) {
  const Preview = subjectLook(subject.subjectType)?.Preview;
  return Preview ? <Preview subject={subject} exam={exam} /> : <Box icon={<Upload size={16} aria-hidden />}>请作答</Box>;
}
