import { DndContext, KeyboardSensor, MouseSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, ImagePlus, ListPlus, LoaderCircle, MoreHorizontal, Plus, X } from 'lucide-react';
import { memo, useRef, useState } from 'react';
import type { TOption } from '../../../../schemas/subjects/base';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { uploadImage } from '../../../api/editor';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Dialog } from '../../../ui/dialog';
import { Popover } from '../../../ui/popover';
import { plainOf } from '../../../ui/rich-text/sanitize';
import { RotateButton } from '../../../subjects/rotate-button';
import { useEdit, useEditorApi } from '../use-editor';
import { ChoiceMark } from '../../../subjects/preview-parts';
import { choiceMark } from '../../../subjects/subject-look';
import { subjectLook } from '../../../subjects/subject-looks';
import { SettingNumber } from './setting-number';
import styles from './option-editor.module.css';

type TChoiceSubject = TSubject & { options: TOption[] };

/** The type's choice look with its mark settled for this subject. */
function choiceOf(subject: TChoiceSubject) {
  const choice = subjectLook(subject.subjectType)?.choice ?? { mark: 'radio', fillIn: 'optional' };
  const mark = choiceMark(choice, subject);
  return { ...choice, mark, multi: mark === 'check', rank: mark === 'rank' };
}

/** A text input that commits on blur or Enter (one undo step per edit, not per key). */
export function CommitInput({
  value,
  onCommit,
  label,
  placeholder,
  className,
  onEnter,
  autoFocus,
  type = 'text',
}: {
  value: string;
  onCommit: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
  onEnter?: () => void;
  autoFocus?: boolean;
  type?: 'text' | 'number';
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  return (
    <input
      type={type}
      className={className}
      value={draft ?? value}
      aria-label={label}
      placeholder={placeholder}
      autoFocus={autoFocus}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
          onEnter?.();
        }
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}

async function pickImages(multiple: boolean): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/png,image/jpeg,image/gif,image/bmp,image/webp';
    input.multiple = multiple;
    input.onchange = () => resolve([...(input.files ?? [])]);
    input.click();
  });
}

/** Uploads picked images one by one; the addresses of those that went through. */
export async function uploadPicked(multiple: boolean): Promise<{ url: string; title: string }[]> {
  const files = await pickImages(multiple);
  const out: { url: string; title: string }[] = [];
  for (const file of files) {
    try {
      out.push({ url: (await uploadImage(file)).url, title: file.name.replace(/\.[^.]+$/, '').slice(0, 40) });
    } catch {
      // The api client has shown why; the other images still go.
    }
  }
  return out;
}

function OptionSettings({ subject, option, exam }: { subject: TChoiceSubject; option: TOption; exam: boolean }) {
  const choice = choiceOf(subject);
  const api = useEditorApi();
  const run = useEdit();
  const set = (patch: Partial<TOption>) => {
    const next = { ...option, ...patch } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) if (value === undefined || value === false) delete next[key];
    run(api.updateOption(subject.uuid, next as TOption));
  };
  const check = (key: keyof TOption, label: string, hint?: string) => (
    <label className={styles.settingRow}>
      <input type="checkbox" checked={Boolean(option[key])} onChange={(event) => set({ [key]: event.target.checked })} />
      <span>
        {label}
        {hint ? <small>{hint}</small> : null}
      </span>
    </label>
  );
  return (
    <div className={styles.settings}>
      <p className={styles.settingsTitle}>选项设置</p>
      {choice.fillIn === 'optional' ? check('fillIn', '选项后允许填写', '如“其他，请注明”') : null}
      {option.fillIn || choice.fillIn === 'always' ? check('fillInRequired', '填写内容必填') : null}
      {choice.multi ? check('exclusive', '互斥选项', '选中后清除其他选项，如“以上都不是”') : null}
      {check('hidden', '隐藏此选项', '答题者看不到，也不能选择')}
      <label className={styles.settingRow}>
        <span>选项配额</span>
        <SettingNumber
          min={0}
          className={styles.smallInput}
          label="选项配额"
          placeholder="不限"
          value={option.quota}
          onCommit={(value) => set({ quota: value === '' ? undefined : Math.max(0, Math.floor(Number(value))) })}
        />
        <small>份，满额后隐藏</small>
      </label>
      {exam ? (
        <label className={styles.settingRow}>
          <span>选项分值</span>
          <SettingNumber
            className={styles.smallInput}
            label="选项分值"
            value={option.score}
            onCommit={(value) => set({ score: value === '' ? undefined : Number(value) })}
          />
          <small>选中未答对时得分</small>
        </label>
      ) : null}
    </div>
  );
}

function OptionRow({
  subject,
  option,
  index,
  exam,
  canDelete,
  focusNext,
}: {
  subject: TChoiceSubject;
  option: TOption;
  index: number;
  exam: boolean;
  canDelete: boolean;
  focusNext: boolean;
}) {
  const api = useEditorApi();
  const run = useEdit();
  const [uploading, setUploading] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: option.uuid });
  const choice = choiceOf(subject);
  const multi = choice.multi;
  const replaceImage = async () => {
    setUploading(true);
    const [picture] = await uploadPicked(false);
    setUploading(false);
    if (picture) run(api.updateOption(subject.uuid, { ...option, image: picture.url }));
  };
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.row, isDragging && styles.dragging, option.hidden && styles.hiddenRow)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.grip}
        {...attributes}
        {...listeners}
        aria-roledescription="可拖动的选项"
        aria-label={`拖动选项${index + 1}`}
      >
        <GripVertical size={14} aria-hidden />
      </button>
      {exam && !choice.rank ? (
        <input
          type={multi ? 'checkbox' : 'radio'}
          className={styles.correctToggle}
          checked={Boolean(option.isCorrect)}
          aria-label={`选项${index + 1}为正确答案`}
          title="设为正确答案"
          onChange={(event) => {
            if (multi) run(api.updateOption(subject.uuid, { ...option, isCorrect: event.target.checked }));
            else {
              for (const other of subject.options) {
                const correct = other.uuid === option.uuid;
                if (Boolean(other.isCorrect) !== correct) run(api.updateOption(subject.uuid, { ...other, isCorrect: correct }));
              }
            }
          }}
        />
      ) : (
        <ChoiceMark mark={choice.mark} index={index} className={styles.mark} />
      )}
      {choice.images ? (
        <button type="button" className={styles.thumb} onClick={() => void replaceImage()} aria-label={`上传选项${index + 1}的图片`} title="上传图片">
          {uploading ? (
            <LoaderCircle size={16} className={styles.spin} aria-hidden />
          ) : option.image ? (
            <img src={option.image} alt="" />
          ) : (
            <ImagePlus size={16} aria-hidden />
          )}
        </button>
      ) : null}
      {choice.images && option.image ? (
        <RotateButton
          url={option.image}
          label={`选项${index + 1}的图片`}
          className={styles.iconButton}
          spinClassName={styles.spin}
          iconOnly
          onRotated={(image) => run(api.updateOption(subject.uuid, { ...option, image }))}
        />
      ) : null}
      <CommitInput
        className={styles.title}
        value={plainOf(option.title)}
        label={`选项${index + 1}`}
        placeholder={`选项${index + 1}`}
        autoFocus={focusNext}
        onCommit={(title) => run(api.updateOption(subject.uuid, { ...option, title }))}
        onEnter={() => run(api.addOption(subject.uuid, { title: `选项${subject.options.length + 1}` }, option.uuid))}
      />
      <span className={styles.flags}>
        {option.fillIn ? <span className={styles.flag}>可填写</span> : null}
        {option.exclusive ? <span className={styles.flag}>互斥</span> : null}
        {option.hidden ? <span className={styles.flag}>隐藏</span> : null}
        {option.quota !== undefined ? <span className={styles.flag}>配额 {option.quota}</span> : null}
        {exam && option.score !== undefined ? <span className={styles.flag}>{option.score}分</span> : null}
      </span>
      <Popover
        width={260}
        align="end"
        label="选项设置"
        trigger={
          <button type="button" className={styles.iconButton} aria-label={`选项${index + 1}设置`} title="选项设置">
            <MoreHorizontal size={16} aria-hidden />
          </button>
        }
      >
        <OptionSettings subject={subject} option={option} exam={exam} />
      </Popover>
      <button
        type="button"
        className={styles.iconButton}
        disabled={!canDelete}
        onClick={() => run(api.deleteOption(subject.uuid, option.uuid))}
        aria-label={`删除选项${index + 1}`}
        title="删除选项"
      >
        <X size={16} aria-hidden />
      </button>
    </li>
  );
}

function BatchDialog({ subject, open, onOpenChange }: { subject: TChoiceSubject; open: boolean; onOpenChange: (open: boolean) => void }) {
  const api = useEditorApi();
  const run = useEdit();
  const [text, setText] = useState('');
  const lines = text.split('\n').filter((l) => l.trim()).length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setText(subject.options.map((o) => plainOf(o.title)).join('\n'));
        onOpenChange(next);
      }}
      title="批量编辑选项"
      description="每行一个选项，可直接粘贴多行；以“其他”开头的选项会自动带填空。保存后将替换现有选项，已设置的选项逻辑需重新检查。"
      width={520}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>取消</Button>
          <Button
            variant="primary"
            disabled={lines === 0}
            onClick={() => {
              if (run(api.batchOptions(subject.uuid, text))) onOpenChange(false);
            }}
          >
            保存（{lines} 个选项）
          </Button>
        </>
      }
    >
      <textarea className={styles.batchArea} value={text} onChange={(event) => setText(event.target.value)} rows={12} aria-label="选项，每行一个" autoFocus />
    </Dialog>
  );
}

/** The options of a choice subject, edited in place: add, delete, reorder, batch, pictures, per-option settings. */
export const OptionEditor = memo(function OptionEditor({ subject, exam }: { subject: TChoiceSubject; exam: boolean }) {
  const api = useEditorApi();
  const run = useEdit();
  const [batchOpen, setBatchOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const lastCount = useRef(subject.options.length);
  const grew = subject.options.length > lastCount.current;
  lastCount.current = subject.options.length;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = subject.options.map((o) => o.uuid);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    run(api.moveOption(subject.uuid, String(active.id), to > from ? ids[to]! : (ids[to - 1] ?? null)));
  };
  const addPictures = async () => {
    setUploading(true);
    const pictures = await uploadPicked(true);
    setUploading(false);
    if (pictures.length) run(api.addPictures(subject.uuid, pictures));
  };
  const hasOther = subject.options.some((o) => /^其他|^其它/.test(plainOf(o.title)));
  return (
    <div className={styles.editor}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: '按空格键拿起选项，用上下方向键移动，再按空格键放下。' },
          announcements: {
            onDragStart: ({ active }) => `已拿起选项${ids.indexOf(String(active.id)) + 1}。`,
            onDragOver: ({ over }) => (over ? `移到第${ids.indexOf(String(over.id)) + 1}个位置。` : '不在可放置区域。'),
            onDragEnd: ({ over }) => (over ? `选项已放到第${ids.indexOf(String(over.id)) + 1}个位置。` : '已放下选项。'),
            onDragCancel: () => '已取消拖动。',
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className={styles.list}>
            {subject.options.map((option, i) => (
              <OptionRow
                key={option.uuid}
                subject={subject}
                option={option}
                index={i}
                exam={exam}
                canDelete={subject.options.length > 1}
                focusNext={grew && i === subject.options.length - 1}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <div className={styles.actions}>
        <button type="button" onClick={() => run(api.addOption(subject.uuid, { title: `选项${subject.options.length + 1}` }))}>
          <Plus size={14} aria-hidden />
          添加选项
        </button>
        {choiceOf(subject).fillIn === 'optional' && !hasOther ? (
          <button type="button" onClick={() => run(api.addOption(subject.uuid, { title: '其他', fillIn: true }))}>
            <Plus size={14} aria-hidden />
            添加“其他”
          </button>
        ) : null}
        <button type="button" onClick={() => setBatchOpen(true)}>
          <ListPlus size={14} aria-hidden />
          批量编辑
        </button>
        <button type="button" onClick={() => void addPictures()} disabled={uploading}>
          {uploading ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <ImagePlus size={14} aria-hidden />}
          批量添加图片
        </button>
      </div>
      <BatchDialog subject={subject} open={batchOpen} onOpenChange={setBatchOpen} />
    </div>
  );
});
