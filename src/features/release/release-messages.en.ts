import type { releaseZhCN } from './release-messages.zh-CN';

type TShape<T> = { [K in keyof T]: T[K] extends string ? string : TShape<T[K]> };

export const releaseEn: TShape<typeof releaseZhCN> = {
  title: 'Publish and share',
  back: 'Back to editing',
  missing: 'No project given',
  missingDesc: 'Open the release page from the project list.',
  toList: 'Back to projects',
  loadError: 'The project could not be loaded',
  retry: 'Reload',
  status: { collecting: 'Collecting', paused: 'Paused', draft: 'Not published' },
  data: '{{count}} responses',
  data_one: '{{count}} response',
  publish: 'Publish',
  resume: 'Resume',
  pause: 'Pause',
  preview: 'Preview',
  answers: 'Responses',
  report: 'Report',
  notPublished: 'Not published yet',
  notPublishedDesc: 'Publish it to collect responses through the link, the QR code or the embed code.',
  paused: 'Collection is paused',
  pausedDesc: 'Respondents who open the link are told collection is paused until you resume.',
  viewOnly: 'You can view this project but not publish or pause it.',
  link: { title: 'Share a link', label: 'Link', short: 'Short link', copy: 'Copy', open: 'Open', copied: 'Copied to the clipboard', copyFailed: 'Copy failed, select the text to copy it' },
  qr: { title: 'QR code', desc: 'Scan with WeChat to answer; good for posters and printed material.', download: 'Download QR code', alt: 'QR code of the survey' },
  embed: { title: 'Embed in a web page', desc: 'Paste this code into a web page to show the survey inside it.', label: 'Embed code', copy: 'Copy code' },
  share: { title: 'Share title', desc: 'Shown when the link is shared in WeChat and elsewhere; empty uses the survey title.', label: 'Share title', save: 'Save', saved: 'Share title saved', placeholder: 'e.g. Take part in our 2025 customer survey' },
};
