import { useState } from 'react';
import type { TWhiteAddResult, TWhiteMode } from '../../../schemas/api/whitelist';
import { batchAddWhite, createWhiteCodes, importWhite } from '../../api/whitelist';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { fileToBase64 } from '../../ui/base64-files';
import { MAX_XLSX_BYTES } from './white-files';
import styles from './whitelist-styles';

interface TAddProps {
  questionId: string;
  mode: TWhiteMode;
  fieldLabel: string;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

const PLACEHOLDERS: Record<Exclude<TWhiteMode, 'code'>, (label: string) => string> = {
  phone: () => '每行一个手机号，可在号码后写姓名，例如：\n13800138000 张三\n13900139000 李四',
  name: (label) => `每行一人：姓名和${label}，用空格、逗号或Tab隔开，例如：\n张三 1001\n李四 1002`,
};

/** 添加白名单: paste lines or import an .xlsx (phone and name modes), or generate N access codes (code mode). */
export function WhiteAddDialog(props: TAddProps) {
  const [result, setResult] = useState<TWhiteAddResult | null>(null);
  const close = () => {
    setResult(null);
    props.onClose();
  };
  const done = (r: TWhiteAddResult) => {
    setResult(r);
    props.onAdded();
    toast.success(props.mode === 'code' ? `已生成 ${r.added} 个访问码` : `已添加 ${r.added} 条`);
  };
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? null : close())} title={props.mode === 'code' ? '生成访问码' : '添加白名单'} width={520}>
      {result ? <AddResult result={result} onMore={() => setResult(null)} onClose={close} /> : <AddForm {...props} onDone={done} />}
    </Dialog>
  );
}

function AddResult({ result, onMore, onClose }: { result: TWhiteAddResult; onMore: () => void; onClose: () => void }) {
  return (
    <div className={styles.result} data-testid="white-add-result">
      <p>
        新增 {result.added} 条{result.duplicates ? `，${result.duplicates} 条已在名单中` : ''}
        {result.invalid.length ? `，${result.invalid.length} 条未能识别` : ''}；名单共 {result.total} 条。
      </p>
      {result.invalid.length ? (
        <ul className={styles.invalid}>
          {result.invalid.map((row) => (
            <li key={row.line}>
              第 {row.line} 行「{row.text}」：{row.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.tools}>
        <Button variant="primary" onClick={onClose}>
          完成
        </Button>
        <Button onClick={onMore}>继续添加</Button>
      </div>
    </div>
  );
}

function AddForm({ questionId, mode, fieldLabel, onDone }: TAddProps & { onDone: (r: TWhiteAddResult) => void }) {
  const [text, setText] = useState('');
  const [count, setCount] = useState('50');
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<TWhiteAddResult>) => {
    setBusy(true);
    work()
      .then(onDone)
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  if (mode === 'code') {
    return (
      <div className={styles.modes}>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>生成数量（一次最多2000个）</span>
          <input className={styles.input} type="number" min={1} max={2000} value={count} onChange={(e) => setCount(e.target.value)} />
        </label>
        <p className={styles.hint}>访问码为8位随机字母和数字，不含 0、O、1、I、L 等易混字符。生成后可导出发给答题者。</p>
        <Button variant="primary" disabled={busy || !Number(count)} onClick={() => run(() => createWhiteCodes(questionId, Number(count)))}>
          生成
        </Button>
      </div>
    );
  }
  const lines = text.split(/\r?\n/);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_XLSX_BYTES) return void toast.error('Excel文件不能超过2MB');
    run(async () => importWhite(questionId, await fileToBase64(file)));
  };
  return (
    <div className={styles.modes}>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>粘贴名单</span>
        <textarea className={styles.textarea} value={text} placeholder={PLACEHOLDERS[mode](fieldLabel)} onChange={(e) => setText(e.target.value)} />
      </label>
      <div className={styles.tools}>
        <Button variant="primary" disabled={busy || !text.trim()} onClick={() => run(() => batchAddWhite(questionId, lines))}>
          添加
        </Button>
        <label className={styles.fieldLabel}>
          或从Excel导入：
          <input
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
        </label>
      </div>
      <p className={styles.hint}>Excel第一行为表头，从第二行起每行一人：{mode === 'phone' ? '手机号、姓名（可不填）' : `姓名、${fieldLabel}`}。</p>
    </div>
  );
}
