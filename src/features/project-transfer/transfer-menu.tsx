import { ArrowDownUp, FileJson, FileSpreadsheet, FileUp } from 'lucide-react';
import { useState } from 'react';
import type { TEditorToolsProps } from '../../app/editor-tools-props';
import { exportProject, type TTransferFormat } from '../../api/transfer';
import { Button } from '../../ui/button';
import { DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator } from '../../ui/dropdown-menu';
import { toast } from '../../ui/toast';
import { ImportDialog } from './import-dialog';
import { saveExport } from './transfer-file';
import styles from './project-transfer.module.css';

const EXPORTS: { format: TTransferFormat; label: string; icon: typeof FileJson }[] = [
  { format: 'surveyjs', label: 'SurveyJS JSON', icon: FileJson },
  { format: 'wenjuan', label: '完整 JSON（可再导入）', icon: FileJson },
  { format: 'excel', label: '题目 Excel', icon: FileSpreadsheet },
];

/** The editor header's 导入导出 menu (issue 53 item 2): 导入题目 opens the preview dialog; 导出 downloads a file. */
export function TransferMenu({ questionId, canEdit, settle, reload }: TEditorToolsProps) {
  const [importing, setImporting] = useState(false);
  const download = (format: TTransferFormat) => {
    exportProject(questionId, format)
      .then((file) => {
        saveExport(file);
        const left = file.report.unmapped.length;
        if (left) toast.info(`已导出，${left} 项无法转换为 SurveyJS`);
        else toast.success('已导出');
      })
      .catch(() => {});
  };
  return (
    <>
      <DropdownMenu
        width={220}
        trigger={
          <Button variant="ghost" size="sm" aria-label="导入导出">
            <ArrowDownUp size={15} aria-hidden />
            <span className={styles.menuText}>导入导出</span>
          </Button>
        }
      >
        {canEdit ? (
          <>
            <DropdownItem onSelect={() => setImporting(true)}>
              <FileUp size={15} aria-hidden />
              导入题目
            </DropdownItem>
            <DropdownSeparator />
          </>
        ) : null}
        <DropdownLabel>导出</DropdownLabel>
        {EXPORTS.map(({ format, label, icon: Icon }) => (
          <DropdownItem key={format} onSelect={() => download(format)}>
            <Icon size={15} aria-hidden />
            {label}
          </DropdownItem>
        ))}
      </DropdownMenu>
      {importing ? <ImportDialog questionId={questionId} settle={settle} reload={reload} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
