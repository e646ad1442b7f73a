import { Plus, X } from 'lucide-react';
import { Button } from '../../ui/button';
import styles from './voting-styles';

export interface TRowDraft {
  name: string;
  description: string;
  videoUrl: string;
}
export const blankRow = (): TRowDraft => ({ name: '', description: '', videoUrl: '' });

/** 批量录入: a few players at once, one row each (name, short description, video link). */
export function PlayerRowsField({ rows, onChange }: { rows: TRowDraft[]; onChange: (rows: TRowDraft[]) => void }) {
  const update = (index: number, patch: Partial<TRowDraft>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className={styles.form}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">名称</th>
            <th scope="col">介绍</th>
            <th scope="col">视频链接</th>
            <th scope="col">
              <span className="visually-hidden">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>
                <input
                  className={styles.input}
                  aria-label={`第 ${index + 1} 行名称`}
                  value={row.name}
                  maxLength={50}
                  onChange={(event) => update(index, { name: event.target.value })}
                />
              </td>
              <td>
                <input
                  className={styles.input}
                  aria-label={`第 ${index + 1} 行介绍`}
                  value={row.description}
                  onChange={(event) => update(index, { description: event.target.value })}
                />
              </td>
              <td>
                <input
                  className={styles.input}
                  aria-label={`第 ${index + 1} 行视频链接`}
                  value={row.videoUrl}
                  placeholder="https://"
                  onChange={(event) => update(index, { videoUrl: event.target.value })}
                />
              </td>
              <td>
                <Button
                  size="sm"
                  icon
                  aria-label={`删除第 ${index + 1} 行`}
                  disabled={rows.length === 1}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <X size={14} aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <Button size="sm" onClick={() => onChange([...rows, blankRow()])} disabled={rows.length >= 50}>
          <Plus size={14} aria-hidden />
          再加一行
        </Button>
      </div>
    </div>
  );
}
