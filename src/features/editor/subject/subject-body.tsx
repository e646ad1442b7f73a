import { Calendar, ChevronDown, FileUp, ImageIcon, MapPin, Mic, PenLine, Play, Star, Upload } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { TOption } from '../../../../schemas/subjects/base';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { cx } from '../../../ui/cx';
import { cleanHtml, plainOf } from '../rich-text/sanitize';
import styles from './subject-body.module.css';

type Labelled = { uuid: string; title: string };
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

function Choices({ options, mark, fillAll, exam }: { options: TOption[]; mark: 'radio' | 'check' | 'rank'; fillAll?: boolean; exam?: boolean }) {
  return (
    <ul className={styles.choices}>
      {options.map((option, i) => (
        <li key={option.uuid} className={cx(option.hidden && styles.hidden)}>
          <span className={cx(styles.mark, mark === 'check' && styles.square, mark === 'rank' && styles.rank)} aria-hidden>
            {mark === 'rank' ? i + 1 : null}
          </span>
          <span className={styles.optionTitle}>{plainOf(option.title) || `选项${i + 1}`}</span>
          {option.fillIn || fillAll ? <span className={styles.fillLine} aria-hidden /> : null}
          {exam && option.isCorrect ? <span className={styles.correct}>正确答案</span> : null}
          {option.exclusive ? <span className={styles.tag}>互斥</span> : null}
          {option.hidden ? <span className={styles.tag}>已隐藏</span> : null}
        </li>
      ))}
    </ul>
  );
}

const Box = ({ children, icon, tall }: { children?: ReactNode; icon?: ReactNode; tall?: boolean }) => (
  <div className={cx(styles.box, tall && styles.tall)}>
    <span>{children}</span>
    {icon}
  </div>
);

function Grid({ rows, columns, cell }: { rows: Labelled[]; columns: string[]; cell: (row: number, column: number) => ReactNode }) {
  return (
    <div className={styles.gridWrap}>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th aria-hidden />
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.uuid}>
              <th scope="row">{plainOf(row.title)}</th>
              {columns.map((_, c) => (
                <td key={c}>{cell(r, c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Points({ from, count, minLabel, maxLabel, labels }: { from: number; count: number; minLabel?: string; maxLabel?: string; labels?: string[] }) {
  return (
    <div className={styles.scale}>
      <div className={styles.points}>
        {Array.from({ length: count }, (_, i) => (
          <span key={i} className={styles.point} title={labels?.[i] || undefined}>
            {from + i}
          </span>
        ))}
      </div>
      {minLabel || maxLabel ? (
        <div className={styles.scaleLabels}>
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      ) : null}
    </div>
  );
}

/** The same subject apart from its position: a move renumbers every subject, and nothing else changes. */
export function sameContent(a: TSubject, b: TSubject): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === 'indexSort' || (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

/** How a subject will look to a respondent, drawn without inputs (canvas cards, outline, preview). */
export const SubjectBody = memo(SubjectBodyView, (a, b) => a.exam === b.exam && sameContent(a.subject, b.subject));

function SubjectBodyView({ subject, exam }: { subject: TSubject; exam?: boolean }) {
  switch (subject.subjectType) {
    case 1:
      return <Choices options={subject.options} mark="radio" exam={exam} />;
    case 2:
      return <Choices options={subject.options} mark="check" exam={exam} />;
    case 8:
      return <Choices options={subject.options} mark="radio" fillAll exam={exam} />;
    case 9:
      return <Choices options={subject.options} mark="rank" />;
    case 3:
      return <Box icon={<ChevronDown size={16} aria-hidden />}>{subject.multiple ? '请选择（可多选）' : '请选择'}</Box>;
    case 5:
      return (
        <div className={styles.pictures}>
          {subject.options.map((option, i) => (
            <figure key={option.uuid} className={cx(styles.picture, option.hidden && styles.hidden)}>
              {option.image ? (
                <img src={option.image} alt="" loading="lazy" />
              ) : (
                <span className={styles.picturePlaceholder}>
                  <ImageIcon size={24} aria-hidden />
                </span>
              )}
              <figcaption>
                <span className={cx(styles.mark, subject.multiple && styles.square)} aria-hidden />
                {plainOf(option.title) || `图片${i + 1}`}
              </figcaption>
            </figure>
          ))}
        </div>
      );
    case 6:
      return <Box>{subject.placeholder || '请输入'}</Box>;
    case 7:
      return <Box tall>{subject.placeholder || '请输入'}</Box>;
    case 10:
      return (
        <div className={styles.blanks}>
          {subject.blanks.map((blank) => (
            <label key={blank.uuid}>
              <span>{blank.label}</span>
              <span className={styles.blankLine} />
            </label>
          ))}
        </div>
      );
    case 11:
    case 12:
      return (
        <Grid
          rows={subject.rows}
          columns={subject.columns.map((c) => plainOf(c.title))}
          cell={() => <span className={cx(styles.mark, subject.subjectType === 12 && styles.square)} />}
        />
      );
    case 25:
      return <Grid rows={subject.rows} columns={subject.columns.map((c) => plainOf(c.title))} cell={() => <span className={styles.cellInput} />} />;
    case 18:
      return (
        <Grid
          rows={subject.rows}
          columns={Array.from({ length: subject.points }, (_, i) => String(subject.start + i))}
          cell={() => <span className={styles.mark} />}
        />
      );
    case 13:
      return (
        <div className={styles.drop}>
          <FileUp size={22} aria-hidden />
          <span>点击或拖拽文件到此处上传</span>
          <small>
            {subject.accept.length ? `支持 ${subject.accept.join('、')}，` : ''}单个不超过 {subject.maxSizeMb}MB，最多 {subject.maxCount} 个
          </small>
        </div>
      );
    case 14:
      return <Box icon={<Calendar size={16} aria-hidden />}>{{ date: '请选择日期', time: '请选择时间', datetime: '请选择日期和时间' }[subject.mode]}</Box>;
    case 15:
      return <div className={styles.rich} dangerouslySetInnerHTML={{ __html: cleanHtml(subject.description) }} />;
    case 17:
      return (
        <div className={styles.inline}>
          {subject.levels.map((level, i) => (
            <Box key={i} icon={<ChevronDown size={16} aria-hidden />}>
              {level}
            </Box>
          ))}
        </div>
      );
    case 19:
      return <Points from={subject.start} count={subject.points} minLabel={subject.minLabel} maxLabel={subject.maxLabel} labels={subject.labels} />;
    case 20:
      return (
        <div className={styles.blanks}>
          {subject.items.map((item) => (
            <label key={item.uuid}>
              <span>{plainOf(item.title)}</span>
              <span className={styles.blankLine} />
            </label>
          ))}
          <p className={styles.note}>合计须等于 {subject.total}</p>
        </div>
      );
    case 21:
      return <Box>{`请输入数字${subject.unit ? `（${subject.unit}）` : ''}`}</Box>;
    case 22:
      return <Points from={0} count={11} minLabel={subject.minLabel} maxLabel={subject.maxLabel} />;
    case 23:
      return (
        <div className={styles.stars} role="img" aria-label={`${subject.stars}星评分`}>
          {Array.from({ length: subject.stars }, (_, i) => (
            <Star key={i} size={24} aria-hidden />
          ))}
        </div>
      );
    case 24:
      return (
        <div className={styles.slider}>
          <div className={styles.track}>
            <span className={styles.thumb} />
          </div>
          <div className={styles.scaleLabels}>
            <span>{subject.minLabel || subject.min}</span>
            <span>{subject.maxLabel || subject.max}</span>
          </div>
        </div>
      );
    case 26:
      return <Box>请输入手机号{subject.smsVerify ? '（需短信验证）' : ''}</Box>;
    case 27:
      return <Box>请输入邮箱</Box>;
    case 28:
      return <Box>请输入18位身份证号</Box>;
    case 4:
      return (
        <div className={styles.inline}>
          {(['省份', '城市', '区县'] as const).slice(0, { province: 1, city: 2, district: 3 }[subject.level]).map((part) => (
            <Box key={part} icon={<ChevronDown size={16} aria-hidden />}>
              {part}
            </Box>
          ))}
          {subject.detail !== 'none' ? <Box>详细地址</Box> : null}
        </div>
      );
    case 29:
      return <Box icon={<MapPin size={16} aria-hidden />}>点击获取当前位置</Box>;
    case 33:
      return (
        <div className={styles.drop}>
          <PenLine size={22} aria-hidden />
          <span>请在此处签名</span>
        </div>
      );
    case 16:
      return null;
    case 30:
      return <hr className={styles.divider} style={{ borderTopStyle: subject.lineStyle }} />;
    case 31:
      return subject.url ? (
        <img className={styles.block} src={subject.url} alt={subject.alt} loading="lazy" />
      ) : (
        <div className={styles.drop}>
          <ImageIcon size={22} aria-hidden />
          <span>尚未上传图片</span>
        </div>
      );
    case 32:
      return (
        <div className={cx(styles.drop, styles.dark)}>
          <Play size={26} aria-hidden />
          <span>{subject.url ? '视频' : '尚未设置视频地址'}</span>
        </div>
      );
    case 35:
      return (
        <div className={styles.audio}>
          <Mic size={16} aria-hidden />
          <span className={styles.track} />
          <span>{subject.url ? '音频' : '尚未设置音频地址'}</span>
        </div>
      );
    case 36:
      return (
        <div className={styles.contact}>
          <strong>{subject.name}</strong>
          {subject.phone ? <span>电话：{subject.phone}</span> : null}
          {subject.wechat ? <span>微信：{subject.wechat}</span> : null}
          {subject.email ? <span>邮箱：{subject.email}</span> : null}
          {subject.address ? <span>地址：{subject.address}</span> : null}
        </div>
      );
    case 34:
      return (
        <div className={styles.products}>
          {subject.products.map((product) => (
            <div key={product.uuid} className={styles.product}>
              <span className={styles.productImage}>{product.image ? <img src={product.image} alt="" /> : <ImageIcon size={20} aria-hidden />}</span>
              <span className={styles.productText}>
                <strong>{product.title}</strong>
                {product.spec ? <small>{product.spec}</small> : null}
                <em>{yuan(product.price)}</em>
              </span>
              <span className={styles.stepper}>－ 0 ＋</span>
            </div>
          ))}
        </div>
      );
    case 37:
      return (
        <div className={styles.slots}>
          <div className={styles.inline}>
            {WEEKDAYS.map((d, i) => (
              <span key={d} className={cx(styles.chip, subject.weeks.includes(i + 1) && styles.chipOn)}>
                周{d}
              </span>
            ))}
          </div>
          <div className={styles.inline}>
            {subject.times.map((t) => (
              <span key={t.uuid} className={styles.chip}>
                {t.start}–{t.end}
              </span>
            ))}
          </div>
        </div>
      );
    case 38:
      return (
        <div className={styles.slots}>
          <div className={styles.stars}>
            {Array.from({ length: subject.maxScore }, (_, i) => (
              <Star key={i} size={22} aria-hidden />
            ))}
          </div>
          {subject.labels.length ? (
            <div className={styles.inline}>
              {subject.labels.map((label) => (
                <span key={label.uuid} className={styles.chip}>
                  {label.title}
                </span>
              ))}
            </div>
          ) : null}
          {subject.allowComment ? <Box tall>说说您的评价</Box> : null}
        </div>
      );
    default:
      return <Box icon={<Upload size={16} aria-hidden />}>请作答</Box>;
  }
}
