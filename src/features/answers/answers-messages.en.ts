import type { answersZhCN } from './answers-messages.zh-CN';

type TShape<T> = { [K in keyof T]: T[K] extends string ? string : TShape<T[K]> };

export const answersEn: TShape<typeof answersZhCN> = {
  records: {
    title: 'My responses',
    intro: 'Surveys, exams and forms you submitted while logged in.',
    empty: 'Nothing filled in yet',
    emptyDesc: 'Responses you submit while logged in appear here.',
    name: 'Name',
    kind: 'Type',
    score: 'Score',
    time: 'Submitted',
    action: 'Action',
    again: 'Open again',
    scoreValue: '{{score}} pts',
  },
  list: {
    title: 'Responses',
    back: 'Back to publishing',
    missing: 'No project given',
    empty: 'No responses yet',
    emptyDesc: 'Share the link or QR code; responses appear here as they arrive.',
    toRelease: 'Publish and share',
    no: 'No.',
    time: 'Submitted',
    duration: 'Time taken',
    source: 'Source',
    state: 'State',
    score: 'Score',
    valid: 'Valid',
    suspect: 'Possibly invalid',
    suspectTitle: 'Answered too fast or with repeated answers',
    total: '{{total}} in all',
  },
  source: { link: 'Link', qr: 'QR code', embed: 'Embedded', wechat: 'WeChat', preview: 'Preview' },
  duration: { seconds: '{{s}} s', minutes: '{{m}} min {{s}} s', hours: '{{h}} h {{m}} min' },
  pager: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  error: 'Loading failed',
  retry: 'Reload',
};
