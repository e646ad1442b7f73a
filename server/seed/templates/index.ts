// The template library: categories per kind and every template, in the order they are seeded.
import type { TemplateDef } from './builder';
import { APPOINT_TEMPLATES } from './appoint';
import { EXAM_TEMPLATES } from './exam';
import { FORM_TEMPLATES } from './form';
import { ONLINE_TEMPLATES } from './online';
import { SOLITAIRE_TEMPLATES } from './solitaire';
import { SURVEY_TEMPLATES } from './survey';

export { TEMPLATE_CATEGORIES } from './categories';
export type { TemplateDef } from './builder';

export const TEMPLATES: readonly TemplateDef[] = [
  ...SURVEY_TEMPLATES,
  ...EXAM_TEMPLATES,
  ...FORM_TEMPLATES,
  ...SOLITAIRE_TEMPLATES,
  ...ONLINE_TEMPLATES,
  ...APPOINT_TEMPLATES,
];
