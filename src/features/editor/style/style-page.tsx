import { useQuery } from '@tanstack/react-query';
import { Check, ImagePlus, LoaderCircle, Type } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { ZProjectStyle, type TProjectStyle } from '../../../../schemas/api/settings';
import { selectDocument, selectReadOnly, selectStyle } from '../../../../machines/editor/editor.selectors';
import { canEditPower, numberingOf } from '../../../../machines/editor/editor.rules';
import { coversQuery, themesQuery, uploadImage } from '../../../api/editor';
import { cx } from '../../../ui/cx';
import { toast } from '../../../ui/toast';
import { EditorFrame } from '../editor-frame';
import { RotateButton } from '../../../subjects/rotate-button';
import { cleanHtml } from '../../../ui/rich-text/sanitize';
import { SubjectBody } from '../subject/subject-body';
import { useEditor, useEditorApi } from '../use-editor';
import styles from './style.module.css';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';

const FONT_SIZES: { value: TProjectStyle['fontSize']; label: string; px: number }[] = [
  { value: 'small', label: '小', px: 13 },
  { value: 'medium', label: '标准', px: 15 },
  { value: 'large', label: '大', px: 17 },
];

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.block}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Upload({ label, value, onChange, disabled }: { label: string; value: string | null; onChange: (url: string | null) => void; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.upload}>
      <span className={styles.uploadPreview}>{value ? <img src={value} alt="" /> : <ImagePlus size={18} aria-hidden />}</span>
      <label className={cx(styles.uploadButton, disabled && styles.disabled)}>
        {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
        {value ? `更换${label}` : `上传${label}`}
        <input
          type="file"
          accept="image/*"
          hidden
          disabled={disabled}
          aria-label={`上传${label}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setBusy(true);
            uploadImage(file)
              .then(({ url }) => onChange(url))
              .catch(() => toast.error('上传失败，请重试'))
              .finally(() => setBusy(false));
          }}
        />
      </label>
      {value && !disabled ? (
        <>
          <RotateButton url={value} label={label} className={styles.remove} spinClassName={styles.spin} onRotated={onChange} />
          <button type="button" className={styles.remove} onClick={() => onChange(null)}>
            移除
          </button>
        </>
      ) : null}
    </div>
  );
}

function ColorField({ label, value, onChange, disabled }: { label: string; value: string; onChange: (color: string) => void; disabled: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className={styles.color}>
      <span>{label}</span>
      <input type="color" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} aria-label={`${label}取色`} />
      <input
        className={styles.hex}
        value={draft ?? value}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft !== null && /^#[0-9a-fA-F]{6}$/.test(draft)) onChange(draft.toLowerCase());
          else if (draft !== null) toast.error('颜色格式应为 #RRGGBB');
          setDraft(null);
        }}
      />
    </label>
  );
}

/** What respondents will see, updated as the style changes. */
function LivePreview({ style }: { style: TProjectStyle }) {
  const doc = useEditor(selectDocument);
  const numbering = numberingOf(doc);
  const size = FONT_SIZES.find((f) => f.value === style.fontSize)?.px ?? 15;
  const sample = doc.subjects.filter((s) => s.subjectType !== SUBJECT_TYPE.pageBreak).slice(0, 4);
  const frame: CSSProperties & Record<string, string> = {
    '--accent': style.primaryColor,
    background: style.backgroundImage ? `center / cover no-repeat url("${style.backgroundImage}")` : style.backgroundColor,
    fontSize: `${size}px`,
  };
  return (
    <div className={styles.previewFrame} style={frame} data-testid="style-preview">
      <div className={styles.previewPaper}>
        {style.coverImage ? (
          <img className={styles.cover} src={style.coverImage} alt="" />
        ) : (
          <div className={styles.coverBar} style={{ background: style.primaryColor }} />
        )}
        <div className={styles.previewHead}>
          {style.logo ? <img className={styles.logo} src={style.logo} alt="" /> : null}
          <h3>{doc.title}</h3>
          {doc.subtitle ? <div className={styles.previewSubtitle} dangerouslySetInnerHTML={{ __html: cleanHtml(doc.subtitle) }} /> : null}
        </div>
        {sample.map((s) => (
          <div key={s.uuid} className={styles.previewSubject}>
            <p className={styles.previewStem}>
              {s.required ? <span className={styles.req}>*</span> : null}
              {numbering.get(s.uuid) ? `${numbering.get(s.uuid)}. ` : ''}
              <span dangerouslySetInnerHTML={{ __html: cleanHtml(s.title) }} />
            </p>
            <SubjectBody subject={s} />
          </div>
        ))}
        {sample.length === 0 ? <p className={styles.previewEmpty}>添加题目后在这里预览</p> : null}
        <button type="button" className={styles.submit} style={{ background: style.primaryColor }} tabIndex={-1}>
          提交
        </button>
      </div>
    </div>
  );
}

function StyleWorkspace() {
  const api = useEditorApi();
  const style = useEditor(selectStyle)!;
  const readOnly = useEditor((s) => selectReadOnly(s) || !canEditPower(s.context.project?.powerType));
  const themes = useQuery(themesQuery());
  const covers = useQuery(coversQuery());
  const set = (patch: Partial<TProjectStyle>) => {
    const parsed = ZProjectStyle.safeParse({ ...style, ...patch });
    if (!parsed.success) return toast.error(parsed.error.issues[0]?.message ?? '样式设置不正确');
    api.updateStyle(patch);
  };
  return (
    <div className={styles.layout}>
      <div className={styles.controls}>
        <h1 className={styles.title}>外观样式</h1>
        <Block title="主题">
          <div className={styles.themes}>
            {(themes.data ?? []).map((theme) => (
              <button
                key={theme.themeId}
                type="button"
                disabled={readOnly}
                className={cx(styles.theme, style.themeId === theme.themeId && styles.themeActive)}
                onClick={() => set({ themeId: theme.themeId, primaryColor: theme.primaryColor, backgroundColor: theme.backgroundColor })}
                aria-pressed={style.themeId === theme.themeId}
                aria-label={`主题${theme.name}`}
              >
                <span className={styles.swatch} style={{ background: theme.backgroundColor }}>
                  <span style={{ background: theme.primaryColor }} />
                  {style.themeId === theme.themeId ? <Check size={14} className={styles.tick} aria-hidden /> : null}
                </span>
                {theme.name}
              </button>
            ))}
          </div>
        </Block>
        <Block title="颜色">
          <ColorField label="主色" value={style.primaryColor} disabled={readOnly} onChange={(primaryColor) => set({ primaryColor, themeId: 'custom' })} />
          <ColorField
            label="背景色"
            value={style.backgroundColor}
            disabled={readOnly}
            onChange={(backgroundColor) => set({ backgroundColor, themeId: 'custom' })}
          />
        </Block>
        <Block title="封面图">
          <div className={styles.covers}>
            <button
              type="button"
              disabled={readOnly}
              className={cx(styles.coverItem, !style.coverImage && styles.coverActive)}
              onClick={() => set({ coverImage: null })}
            >
              无封面
            </button>
            {(covers.data ?? []).map((cover) => (
              <button
                key={cover.coverId}
                type="button"
                disabled={readOnly}
                className={cx(styles.coverItem, style.coverImage === cover.url && styles.coverActive)}
                onClick={() => set({ coverImage: cover.url })}
                aria-label={`封面${cover.coverId}`}
              >
                <img src={cover.url} alt="" />
              </button>
            ))}
          </div>
          <Upload
            label="封面"
            value={covers.data?.some((c) => c.url === style.coverImage) ? null : style.coverImage}
            disabled={readOnly}
            onChange={(coverImage) => set({ coverImage })}
          />
        </Block>
        <Block title="Logo 与背景图">
          <Upload label="Logo" value={style.logo} disabled={readOnly} onChange={(logo) => set({ logo })} />
          <Upload label="背景图" value={style.backgroundImage} disabled={readOnly} onChange={(backgroundImage) => set({ backgroundImage })} />
        </Block>
        <Block title="字号">
          <div className={styles.segment} role="radiogroup" aria-label="字号">
            {FONT_SIZES.map((f) => (
              <button
                key={f.value}
                type="button"
                role="radio"
                aria-checked={style.fontSize === f.value}
                disabled={readOnly}
                className={cx(style.fontSize === f.value && styles.segmentOn)}
                onClick={() => set({ fontSize: f.value })}
              >
                <Type size={12 + (f.px - 13)} aria-hidden />
                {f.label}
              </button>
            ))}
          </div>
        </Block>
      </div>
      <div className={styles.previewColumn}>
        <p className={styles.previewLabel}>实时预览</p>
        <LivePreview style={style} />
      </div>
    </div>
  );
}

/** /questionnaire/edit/style.html: theme, colours, cover, logo, background, font size, with a live preview. */
export function StylePage() {
  return (
    <EditorFrame page="style">
      <StyleWorkspace />
    </EditorFrame>
  );
}
