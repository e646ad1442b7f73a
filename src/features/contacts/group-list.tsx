import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { UNGROUPED_NAME, type TContactGroup, type TGroupList } from '../../../schemas/api/contacts';
import { delGroup, saveGroup } from '../../api/contacts';
import { Button } from '../../ui/button';
import { CheckboxField, ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import type { TGroupFilter } from './contact-view';
import styles from './contacts-styles';

interface TProps {
  groups: TGroupList;
  value: TGroupFilter;
  onChange: (value: TGroupFilter) => void;
  onChanged: () => void;
}

/** The left column: 全部联系人, each group with its count (rename, delete), 未分组, and 新建分组. */
export function GroupList({ groups, value, onChange, onChanged }: TProps) {
  const [naming, setNaming] = useState<TContactGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TContactGroup | null>(null);
  const [withContacts, setWithContacts] = useState(false);
  const remove = () => {
    if (!deleting) return;
    delGroup(deleting.groupId, withContacts)
      .then((r) => {
        toast.success(withContacts ? `已删除分组和其中 ${r.contacts} 位联系人` : '已删除分组');
        if (value === deleting.groupId) onChange('all');
        onChanged();
      })
      .catch(() => undefined)
      .finally(() => setDeleting(null));
  };
  const item = (key: TGroupFilter, name: string, count: number, g?: TContactGroup) => (
    <li key={String(key)} className={value === key ? styles.groupOn : styles.group}>
      <button type="button" className={styles.groupName} aria-current={value === key ? 'true' : undefined} onClick={() => onChange(key)}>
        <span className={styles.groupLabel}>{name}</span>
        <span className={styles.count}>{count}</span>
      </button>
      {g ? (
        <span className={styles.groupTools}>
          <Button size="sm" variant="ghost" icon aria-label={`重命名 ${g.name}`} onClick={() => setNaming(g)}>
            <Pencil size={13} aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" icon aria-label={`删除 ${g.name}`} onClick={() => (setWithContacts(false), setDeleting(g))}>
            <Trash2 size={13} aria-hidden />
          </Button>
        </span>
      ) : null}
    </li>
  );
  return (
    <nav className={styles.side} aria-label="联系人分组">
      <div className={styles.sideHead}>
        <h2 className={styles.sideTitle}>分组</h2>
        <Button size="sm" variant="ghost" onClick={() => setNaming('new')}>
          <Plus size={14} aria-hidden />
          新建分组
        </Button>
      </div>
      <ul className={styles.groups}>
        {item('all', '全部联系人', groups.total)}
        {groups.list.map((g) => item(g.groupId, g.name, g.count, g))}
        {item(0, UNGROUPED_NAME, groups.ungrouped)}
      </ul>
      <GroupNameDialog
        key={naming === null ? 'closed' : naming === 'new' ? 'new' : naming.groupId}
        group={naming}
        onClose={() => setNaming(null)}
        onSaved={onChanged}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="删除分组"
        message={`确定删除分组“${deleting?.name ?? ''}”吗？`}
        confirmLabel="删除"
        cancelLabel="取消"
        tone="danger"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <CheckboxField checked={withContacts} onChange={setWithContacts} label={`同时删除其中的 ${deleting?.count ?? 0} 位联系人（不勾选则移入未分组）`} />
      </ConfirmDialog>
    </nav>
  );
}

function GroupNameDialog({ group, onClose, onSaved }: { group: TContactGroup | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const editing = group && group !== 'new' ? group : null;
  const [name, setName] = useState(editing?.name ?? '');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    saveGroup({ groupId: editing?.groupId, name: name.trim() })
      .then(() => {
        toast.success(editing ? '已重命名' : '已新建分组');
        onSaved();
        onClose();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      open={group !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={editing ? '重命名分组' : '新建分组'}
      width={400}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={busy || !name.trim()} onClick={submit}>
            保存
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span className={styles.fieldLabel}>分组名称</span>
        <input
          className={styles.input}
          value={name}
          maxLength={30}
          placeholder="例如：同事、客户、一班"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => (e.key === 'Enter' && name.trim() ? submit() : undefined)}
        />
      </label>
    </Dialog>
  );
}
