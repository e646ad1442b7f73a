import { useState } from 'react';
import { shanghaiDay } from '../../../schemas/checkin/days';
import { DateTimeField } from '../../ui/date-time-field';
import { ChainShareCard } from './chain-share-card';
import styles from './quick-styles';
import { QuickBasics } from './quick-basics';
import { QUICK_KINDS } from './quick-kinds';
import { QuickStartFrame } from './quick-start-frame';
import { useChainQuickStart } from './use-chain-quick-start';

/** The time field has no 24:00: its last minute stands for the end of the day, as on the check-in's settings card. */
const END_OF_DAY = '24:00';
const shownTime = (value: string) => (value === END_OF_DAY ? '23:59' : value);
const savedTime = (value: string) => (value === '23:59' ? END_OF_DAY : value);

/**
 * /questionnaire/quickCheckIn.html: a daily check-in from one phone screen (issue 47 item 5) — title, description,
 * the period (Beijing days) and the daily window, 发布, then its link to share. Weekdays, late time, content and
 * make-ups keep their defaults; the check-in's settings card and the editor change them.
 */
export function CheckInQuickStartPage() {
  const chain = useChainQuickStart();
  const [basics, setBasics] = useState({ title: '', description: '' });
  const [startDay, setStartDay] = useState(() => shanghaiDay(new Date()));
  const [endDay, setEndDay] = useState('');
  const [windowStart, setWindowStart] = useState('00:00');
  const [windowEnd, setWindowEnd] = useState(END_OF_DAY);

  if (chain.published && chain.questionId) return <ChainShareCard questionId={chain.questionId} title={basics.title.trim()} kind={QUICK_KINDS.checkIn} />;

  const publish = () => chain.publish({ kind: 'checkIn', ...basics, startDay: startDay || null, endDay: endDay || null, windowStart, windowEnd });
  const field = (label: string, mode: 'date' | 'time', value: string, set: (value: string) => void) => (
    <div className={styles.field}>
      <span>{label}</span>
      <DateTimeField mode={mode} label={label} value={value} onChange={set} block />
    </div>
  );

  return (
    <QuickStartFrame
      heading="发起打卡接龙"
      lead="填好标题和打卡时间，发布后把链接发到群里"
      label="打卡接龙"
      chain={chain}
      submitLabel="发布打卡"
      onSubmit={publish}
    >
      <QuickBasics noun="打卡" value={basics} onChange={setBasics} locked={chain.questionId !== null} example="如：21 天早起打卡" detail="打卡要求、奖励等" />
      <div className={styles.row}>
        {field('开始日期', 'date', startDay, setStartDay)}
        {field('结束日期', 'date', endDay, setEndDay)}
      </div>
      <div className={styles.row}>
        {field('每天开始', 'time', windowStart, setWindowStart)}
        {field('每天截止', 'time', shownTime(windowEnd), (value) => setWindowEnd(savedTime(value)))}
      </div>
      <small className={styles.hint}>日期和时间按北京时间；结束日期留空为长期。每周打卡日、迟到时间、照片等可在打卡设置里修改</small>
    </QuickStartFrame>
  );
}

export default CheckInQuickStartPage;
