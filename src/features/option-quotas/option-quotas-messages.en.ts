import type { optionQuotasZhCN } from './option-quotas-messages.zh-CN';

type TShape<T> = { [K in keyof T]: T[K] extends string ? string : TShape<T[K]> };

export const optionQuotasEn: TShape<typeof optionQuotasZhCN> = {
  title: 'Option quotas',
  back: 'Back to the report',
  missing: 'The project is missing: open this page from the project list',
  loadError: 'Quotas could not be loaded',
  retry: 'Reload',
  backToList: 'Back to the projects',
  empty: 'This project has no quota yet',
  emptyDesc: "Set a quota in an option's settings, or add one in the logic: when it fills, the option hides, the sheet ends or the respondent is told.",
  toLogic: 'Add a quota in the logic',
  live: 'Refreshed every {{seconds}} s · updated {{time}}',
  exportCsv: 'Export quota statement',
  summary: { count: 'Quotas', full: 'Full', used: 'Sheets counted' },
  columns: { quota: 'Quota', onFull: 'When full', fill: 'Fill', limit: 'Target' },
  condition: 'Condition: {{text}}',
  onFull: { hideOption: 'Hide the option', end: 'End the sheet (end page)', message: 'Tell and choose again' },
  fill: '{{used}} / {{limit}}',
  full: 'Full',
  open: 'Open',
  save: 'Save',
  saved: 'Quota updated',
  readOnly: 'Read only',
  limitLabel: 'Target of {{label}}',
  badLimit: 'Enter a whole number from 0 to 10000000',
  csv: { quota: 'Quota', condition: 'Condition', onFull: 'When full', message: 'Message', used: 'Used', limit: 'Target', state: 'State' },
};
