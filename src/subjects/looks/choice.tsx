import { ArrowDownUp, ChevronDown, CircleDot, ImageIcon, Images, SquareCheck, SquareChevronDown, TextCursorInput } from 'lucide-react';
import { cx } from '../../ui/cx';
import { plainOf } from '../../ui/rich-text/sanitize';
import styles from '../property-panel.module.css';
import preview from '../preview.module.css';
import { Box, Choices } from '../preview-parts';
import type { Look } from './look-types';

// 选择题: options edited in place on the card.

export const singleChoice: Look<'singleChoice'> = {
  icon: CircleDot,
  palette: { group: '选择题', at: 0 },
  Preview: ({ subject, exam }) => <Choices options={subject.options} mark="radio" exam={exam} />,
  cardEditor: 'options',
  choice: { mark: 'radio', fillIn: 'optional' },
};

export const multipleChoice: Look<'multipleChoice'> = {
  icon: SquareCheck,
  palette: { group: '选择题', at: 1 },
  Preview: ({ subject, exam }) => <Choices options={subject.options} mark="check" exam={exam} />,
  cardEditor: 'options',
  choice: { mark: 'check', fillIn: 'optional' },
};

export const dropdown: Look<'dropdown'> = {
  icon: SquareChevronDown,
  palette: { group: '选择题', at: 2 },
  Preview: ({ subject }) => <Box icon={<ChevronDown size={16} aria-hidden />}>{subject.multiple ? '请选择（可多选）' : '请选择'}</Box>,
  cardEditor: 'options',
  choice: { mark: (s) => (s.multiple ? 'check' : 'radio'), fillIn: 'optional' },
};

export const imageChoice: Look<'imageChoice'> = {
  icon: Images,
  palette: { group: '选择题', at: 3 },
  Preview: ({ subject }) => (
    <div className={preview.pictures}>
      {subject.options.map((option, i) => (
        <figure key={option.uuid} className={cx(preview.picture, option.hidden && preview.hidden)}>
          {option.image ? (
            <img src={option.image} alt="" loading="lazy" />
          ) : (
            <span className={preview.picturePlaceholder}>
              <ImageIcon size={24} aria-hidden />
            </span>
          )}
          <figcaption>
            <span className={cx(preview.mark, subject.multiple && preview.square)} aria-hidden />
            {plainOf(option.title) || `图片${i + 1}`}
          </figcaption>
        </figure>
      ))}
    </div>
  ),
  cardEditor: 'options',
  choice: { mark: (s) => (s.multiple ? 'check' : 'radio'), fillIn: 'optional', images: true },
};

export const optionFill: Look<'optionFill'> = {
  icon: TextCursorInput,
  palette: { group: '选择题', at: 4 },
  Preview: ({ subject, exam }) => <Choices options={subject.options} mark="radio" fillAll exam={exam} />,
  cardEditor: 'options',
  choice: { mark: 'radio', fillIn: 'always' },
};

export const ranking: Look<'ranking'> = {
  icon: ArrowDownUp,
  palette: { group: '选择题', at: 5 },
  Preview: ({ subject }) => <Choices options={subject.options} mark="rank" />,
  cardEditor: 'options',
  choice: { mark: 'rank', fillIn: 'never' },
  fields: ({ subject, exam, patch }) =>
    exam
      ? [
          <div key="order" className={styles.field}>
            <span className={styles.label}>正确顺序</span>
            <p className={styles.hint}>{subject.correctOrder?.length ? '已设置（以设置时的选项顺序为准）' : '尚未设置'}</p>
            <button type="button" className={styles.linkButton} onClick={() => patch({ correctOrder: subject.options.map((o) => o.uuid) })}>
              以当前选项顺序为正确顺序
            </button>
          </div>,
        ]
      : [],
};
