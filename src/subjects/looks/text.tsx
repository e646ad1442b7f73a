import { AlignLeft, Calendar, CalendarDays, Hash, IdCard, Mail, Rows3, Smartphone, TextCursor } from 'lucide-react';
import type { TDateTimeMode } from '../../ui/date-time-value';
import { BlanksField } from '../blanks-field';
import { DateTimeValueField, LinesField, type TCommit } from '../property-fields';
import { BlankLines, Box } from '../preview-parts';
import type { Look } from './look-types';

// 填空题 and the personal-information inputs: one answer box each.

export const textInput: Look<'textInput'> = {
  icon: TextCursor,
  palette: { group: '填空题', at: 0 },
  Preview: ({ subject }) => <Box>{subject.placeholder || '请输入'}</Box>,
  fields: ({ subject, exam, commit }) =>
    exam
      ? [
          <LinesField
            key="accepted"
            label="正确答案"
            hint="每行一个可接受的答案"
            lines={subject.acceptedAnswers ?? []}
            onCommit={(l) => commit('acceptedAnswers')(l.length ? l : undefined)}
          />,
        ]
      : [],
};

export const textarea: Look<'textarea'> = {
  icon: AlignLeft,
  palette: { group: '填空题', at: 1 },
  Preview: ({ subject }) => <Box tall>{subject.placeholder || '请输入'}</Box>,
};

export const multiBlank: Look<'multiBlank'> = {
  icon: Rows3,
  palette: { group: '填空题', at: 2 },
  Preview: ({ subject }) => <BlankLines lines={subject.blanks} />,
  fields: ({ subject, exam, commit }) => [<BlanksField key="blanks" blanks={subject.blanks} exam={exam} commit={commit('blanks')} />],
};

export const dateTime: Look<'dateTime'> = {
  icon: CalendarDays,
  palette: { group: '填空题', at: 3 },
  Preview: ({ subject }) => (
    <Box icon={<Calendar size={16} aria-hidden />}>{{ date: '请选择日期', time: '请选择时间', datetime: '请选择日期和时间' }[subject.mode]}</Box>
  ),
  // The bounds follow the mode (a date, a time or both), so they are drawn here rather than as text boxes.
  ownFields: ['min', 'max'],
  fields: ({ subject, commit }) => {
    const mode: TDateTimeMode = subject.mode;
    return [
      <DateTimeValueField key={`min-${mode}`} mode={mode} label="最早" value={subject.min} onCommit={commit('min') as TCommit<string | undefined>} />,
      <DateTimeValueField key={`max-${mode}`} mode={mode} label="最晚" value={subject.max} onCommit={commit('max') as TCommit<string | undefined>} />,
    ];
  },
};

export const numberInput: Look<'numberInput'> = {
  icon: Hash,
  palette: { group: '填空题', at: 4 },
  Preview: ({ subject }) => <Box>{`请输入数字${subject.unit ? `（${subject.unit}）` : ''}`}</Box>,
};

export const mobile: Look<'mobile'> = {
  icon: Smartphone,
  palette: { group: '个人信息', at: 0 },
  Preview: ({ subject }) => <Box>请输入手机号{subject.smsVerify ? '（需短信验证）' : ''}</Box>,
};

export const email: Look<'email'> = {
  icon: Mail,
  palette: { group: '个人信息', at: 1 },
  Preview: () => <Box>请输入邮箱</Box>,
};

export const idCard: Look<'idCard'> = {
  icon: IdCard,
  palette: { group: '个人信息', at: 2 },
  Preview: () => <Box>请输入18位身份证号</Box>,
};
