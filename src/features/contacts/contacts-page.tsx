import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Settings2, Upload, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { TContact } from '../../../schemas/api/contacts';
import { contactFieldsQuery, contactGroupsQuery, contactKeys, exportContacts, shownFieldsQuery } from '../../api/contacts';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { ContactDialog } from './contact-dialog';
import { saveXlsx } from '../../ui/base64-files';
import type { TGroupFilter } from './contact-view';
import { ContactTable } from './contact-table';
import styles from './contacts-styles';
import { FieldSettingsDialog } from './field-settings-dialog';
import { GroupList } from './group-list';
import { ImportDialog } from './import-dialog';

/**
 * /email.html (通讯录, issue 50 item 1): the user's own address book — groups on the left with their counts, the
 * contacts of the chosen group in the shown columns, add/edit, 字段设置, 导入 with its mapping step and report, 导出,
 * and the selection's way to 发送短信 / 发送邮件.
 */
export function ContactsPage() {
  const client = useQueryClient();
  const groups = useQuery(contactGroupsQuery());
  const fields = useQuery(contactFieldsQuery());
  const shown = useQuery(shownFieldsQuery());
  const [group, setGroup] = useState<TGroupFilter>('all');
  const [editing, setEditing] = useState<TContact | 'new' | null>(null);
  const [dialog, setDialog] = useState<'fields' | 'import' | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: contactKeys.all });
  const download = () =>
    exportContacts(group === 'all' ? undefined : group)
      .then((file) => {
        saveXlsx(file.fileName, file.xlsx);
        toast.success(`已导出 ${file.count} 位联系人`);
      })
      .catch(() => undefined);
  if (groups.isPending || fields.isPending || shown.isPending) return <LoadingState />;
  if (groups.isError || fields.isError || shown.isError) {
    return (
      <ErrorState
        title="通讯录加载失败"
        actions={
          <Button variant="primary" onClick={refresh}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>通讯录</h1>
          <p className={styles.intro}>管理联系人和分组，可通过短信、邮件邀请他们填写问卷。</p>
        </div>
        <div className={styles.tools}>
          <Button onClick={() => setDialog('fields')}>
            <Settings2 size={14} aria-hidden />
            字段设置
          </Button>
          <Button onClick={() => setDialog('import')}>
            <Upload size={14} aria-hidden />
            导入
          </Button>
          <Button onClick={() => void download()} disabled={!groups.data.total}>
            <Download size={14} aria-hidden />
            导出
          </Button>
          <Button variant="primary" onClick={() => setEditing('new')}>
            <UserPlus size={14} aria-hidden />
            新建联系人
          </Button>
        </div>
      </header>
      <div className={styles.sideLayout}>
        <GroupList groups={groups.data} value={group} onChange={setGroup} onChanged={refresh} />
        <ContactTable
          group={group}
          groups={groups.data}
          shown={shown.data.list}
          onEdit={(c) => setEditing(c)}
          onAdd={() => setEditing('new')}
          onImport={() => setDialog('import')}
          onChanged={refresh}
        />
      </div>
      <ContactDialog
        contact={editing}
        groups={groups.data.list}
        fields={fields.data.list}
        defaultGroup={typeof group === 'number' && group > 0 ? group : null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <FieldSettingsDialog open={dialog === 'fields'} fields={fields.data.list} shown={shown.data.list} onClose={() => setDialog(null)} onChanged={refresh} />
      <ImportDialog open={dialog === 'import'} groups={groups.data.list} onClose={() => setDialog(null)} onImported={refresh} />
    </div>
  );
}
