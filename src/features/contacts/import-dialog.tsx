import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTACT_LIMITS, type TContactGroup, type TFieldKey, type TImportResult } from '../../../schemas/api/contacts';
import { contactFieldsQuery, importContacts } from '../../api/contacts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { fileToBase64 } from '../../ui/base64-files';
import { MAX_IMPORT_BYTES } from './contact-files';
import styles from './contacts-styles';

interface TProps {
  open: boolean;
  groups: TContactGroup[];
  onClose: () => void;
  onImported: () => void;
}

interface TFile {
  fileName: string;
  file: string;
}

/** 导入联系人: choose a file, map its columns to fields (a preview of the first rows), import, read the report. */
export function ImportDialog(props: TProps) {
  const [round, setRound] = useState(0);
  const close = () => (setRound((r) => r + 1), props.onClose());
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? null : close())} title="导入联系人" width={760}>
      <ImportSteps key={round} {...props} onClose={close} onAgain={() => setRound((r) => r + 1)} />
    </Dialog>
  );
}

function ImportSteps({ groups, onClose, onImported, onAgain }: TProps & { onAgain: () => void }) {
  const [file, setFile] = useState<TFile | null>(null);
  const [preview, setPreview] = useState<TImportResult | null>(null);
  const [report, setReport] = useState<TImportResult | null>(null);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [onDuplicate, setOnDuplicate] = useState<'skip' | 'update'>('skip');
  const [busy, setBusy] = useState(false);
  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > MAX_IMPORT_BYTES) return void toast.error('文件不能超过4MB');
    setBusy(true);
    try {
      const next = { fileName: picked.name, file: await fileToBase64(picked) };
      setPreview(await importContacts(next));
      setFile(next);
    } catch {
      // The call's refusal is already shown.
    } finally {
      setBusy(false);
    }
  };
  const run = (mapping: { column: number; field: TFieldKey }[]) => {
    if (!file) return;
    setBusy(true);
    importContacts({ ...file, mapping, groupId, onDuplicate })
      .then((r) => (setReport(r), onImported()))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  if (report) return <ImportReport report={report} onClose={onClose} onAgain={onAgain} />;
  if (preview && file) return <MappingStep preview={preview} fileName={file.fileName} busy={busy} onBack={onAgain} onImport={run} />;
  return (
    <div className={styles.form}>
      <label className={styles.dropZone}>
        <span className={styles.sectionTitle}>{busy ? '正在读取文件…' : '选择 Excel（.xlsx）或 CSV 文件'}</span>
        <span className={styles.hint}>
          第一行为表头（如 姓名、手机号、邮箱、分组），下一步可指定每列对应的字段。一次最多 {CONTACT_LIMITS.importRows} 行，文件不超过4MB。
        </span>
        <input
          type="file"
          aria-label="选择导入文件"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>导入到分组（表中有“分组”列时以该列为准）</span>
        <select className={styles.select} value={groupId ?? ''} onChange={(e) => setGroupId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">未分组</option>
          {groups.map((g) => (
            <option key={g.groupId} value={g.groupId}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={styles.radios}>
        <legend className={styles.fieldLabel}>手机号或邮箱已在通讯录中时</legend>
        <label className={styles.inline}>
          <input type="radio" name="dup" checked={onDuplicate === 'skip'} onChange={() => setOnDuplicate('skip')} />
          跳过
        </label>
        <label className={styles.inline}>
          <input type="radio" name="dup" checked={onDuplicate === 'update'} onChange={() => setOnDuplicate('update')} />
          用表中的信息更新
        </label>
      </fieldset>
    </div>
  );
}

function MappingStep(props: {
  preview: TImportResult;
  fileName: string;
  busy: boolean;
  onBack: () => void;
  onImport: (m: { column: number; field: TFieldKey }[]) => void;
}) {
  const fields = useQuery(contactFieldsQuery()).data?.list.filter((f) => f.key !== 'createTime') ?? [];
  const { headers, preview, rows, suggested } = props.preview;
  const [map, setMap] = useState<(TFieldKey | '')[]>(() =>
    headers.map((_, i) => (suggested.find((s) => s.column === i)?.field as TFieldKey | undefined) ?? ''),
  );
  const mapping = map.flatMap((field, column) => (field === '' ? [] : [{ column, field }]));
  const chosen = new Set(map);
  const problem = !chosen.has('name') ? '请指定“姓名”对应的列' : !chosen.has('phone') && !chosen.has('email') ? '请指定“手机号”或“邮箱”对应的列' : '';
  return (
    <div className={styles.form}>
      <p className={styles.hint}>
        {props.fileName}：共 {rows} 行。为每一列选择对应的字段，不需要的列选“不导入”。下表为前 {preview.length} 行预览。
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="import-preview">
          <thead>
            <tr>
              {headers.map((h, i) => (
                <th key={i}>
                  <span className={styles.previewHead}>{h}</span>
                  <select
                    className={styles.select}
                    aria-label={`“${h}”列对应的字段`}
                    value={String(map[i] ?? '')}
                    onChange={(e) =>
                      setMap((m) =>
                        m.map((v, j) =>
                          j === i ? (e.target.value === '' ? '' : /^\d+$/.test(e.target.value) ? Number(e.target.value) : (e.target.value as TFieldKey)) : v,
                        ),
                      )
                    }
                  >
                    <option value="">不导入</option>
                    {fields.map((f) => (
                      <option key={String(f.key)} value={String(f.key)} disabled={chosen.has(f.key as TFieldKey) && map[i] !== f.key}>
                        {f.name}
                      </option>
                    ))}
                  </select>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.map((cells, r) => (
              <tr key={r}>
                {headers.map((_, i) => (
                  <td key={i}>{cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem ? <p className={styles.problem}>{problem}</p> : null}
      <div className={styles.tools}>
        <Button variant="primary" disabled={props.busy || Boolean(problem)} onClick={() => props.onImport(mapping)}>
          {props.busy ? '正在导入…' : '开始导入'}
        </Button>
        <Button onClick={props.onBack}>重新选择文件</Button>
      </div>
    </div>
  );
}

function ImportReport({ report, onClose, onAgain }: { report: TImportResult; onClose: () => void; onAgain: () => void }) {
  const failed = report.problems.length - report.skipped;
  return (
    <div className={styles.form} data-testid="import-report">
      <p className={styles.reportLine}>
        新增 <strong>{report.added}</strong> 人{report.updated ? `，更新 ${report.updated} 人` : ''}
        {report.skipped ? `，跳过 ${report.skipped} 人（已在通讯录中）` : ''}
        {failed > 0 ? `，${failed} 行未导入` : ''}。
      </p>
      {report.problems.length ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="导入问题">
            <thead>
              <tr>
                <th>行号</th>
                <th>姓名</th>
                <th>原因</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((p) => (
                <tr key={p.row}>
                  <td>第 {p.row} 行</td>
                  <td>{p.name || <span className={styles.muted}>—</span>}</td>
                  <td className={styles.problem}>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.hint}>全部导入成功。</p>
      )}
      <div className={styles.tools}>
        <Button variant="primary" onClick={onClose}>
          完成
        </Button>
        <Button onClick={onAgain}>继续导入</Button>
      </div>
    </div>
  );
}
