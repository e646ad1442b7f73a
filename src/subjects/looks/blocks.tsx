import { Contact, Image, ImageIcon, Mic, Minus, Music, Pilcrow, Play, SeparatorHorizontal, Video } from 'lucide-react';
import { cx } from '../../ui/cx';
import { cleanHtml } from '../../ui/rich-text/sanitize';
import { ImageField, Section } from '../property-fields';
import panel from '../property-panel.module.css';
import { imageField } from '../fields';
import { mediaField } from '../media-field';
import styles from '../preview.module.css';
import type { Look } from './look-types';

// 布局: blocks that take no answer.

export const paragraph: Look<'paragraph'> = {
  icon: Pilcrow,
  palette: { group: '布局', at: 0 },
  Preview: ({ subject }) => <div className={styles.rich} dangerouslySetInnerHTML={{ __html: cleanHtml(subject.description) }} />,
  cardEditor: 'description',
};

export const pageBreak: Look<'pageBreak'> = {
  icon: SeparatorHorizontal,
  palette: { group: '布局', at: 1 },
  Preview: () => null,
  notes: (exam) =>
    exam ? null : (
      <Section title="分页">
        <p className={panel.hint}>分页符之后的题目将显示在新的一页。考试项目可为每页设置限时。</p>
      </Section>
    ),
};

export const divider: Look<'divider'> = {
  icon: Minus,
  palette: { group: '布局', at: 2 },
  Preview: ({ subject }) => <hr className={styles.divider} style={{ borderTopStyle: subject.lineStyle }} />,
  optionalStem: true,
};

export const imageBlock: Look<'imageBlock'> = {
  icon: Image,
  palette: { group: '布局', at: 3 },
  Preview: ({ subject }) =>
    subject.url ? (
      <img className={styles.block} src={subject.url} alt={subject.alt} loading="lazy" />
    ) : (
      <div className={styles.drop}>
        <ImageIcon size={22} aria-hidden />
        <span>尚未上传图片</span>
      </div>
    ),
  optionalStem: true,
  fields: ({ subject, commit }) => [<ImageField key="url" label="图片" value={subject.url} onCommit={(v) => commit('url')(v ?? '')} />],
};

export const videoBlock: Look<'videoBlock'> = {
  icon: Video,
  palette: { group: '布局', at: 4 },
  Preview: ({ subject }) => (
    <div className={cx(styles.drop, styles.dark)}>
      <Play size={26} aria-hidden />
      <span>{subject.url ? '视频' : '尚未设置视频地址'}</span>
    </div>
  ),
  optionalStem: true,
  fields: (ctx) => [mediaField(ctx, 'video', '视频地址'), imageField(ctx, 'poster', '视频封面')],
};

export const audioBlock: Look<'audioBlock'> = {
  icon: Music,
  palette: { group: '布局', at: 5 },
  Preview: ({ subject }) => (
    <div className={styles.audio}>
      <Mic size={16} aria-hidden />
      <span className={styles.track} />
      <span>{subject.url ? '音频' : '尚未设置音频地址'}</span>
    </div>
  ),
  optionalStem: true,
  fields: (ctx) => [mediaField(ctx, 'audio', '音频地址')],
};

export const contactUs: Look<'contactUs'> = {
  icon: Contact,
  palette: { group: '布局', at: 6 },
  Preview: ({ subject }) => (
    <div className={styles.contact}>
      <strong>{subject.name}</strong>
      {subject.phone ? <span>电话：{subject.phone}</span> : null}
      {subject.wechat ? <span>微信：{subject.wechat}</span> : null}
      {subject.email ? <span>邮箱：{subject.email}</span> : null}
      {subject.address ? <span>地址：{subject.address}</span> : null}
    </div>
  ),
  fields: (ctx) => [imageField(ctx, 'qrCode', '二维码')],
};
