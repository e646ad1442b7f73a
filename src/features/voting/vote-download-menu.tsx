import { useNavigate } from '@tanstack/react-router';
import { Download, FileArchive, FileSpreadsheet, FolderDown, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { TVoteExport } from '../../../schemas/api/vote-extras';
import { queueVoteDownload } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { DropdownItem, DropdownMenu, DropdownSeparator } from '../../ui/dropdown-menu';
import { toast } from '../../ui/toast';
import styles from './voting-styles';

const ITEMS: Array<{ kind: TVoteExport | 'redPacket'; label: string; zip?: boolean }> = [
  { kind: 'votingDetail', label: '投票明细（Excel）' },
  { kind: 'statisticsPlayer', label: '选手统计（Excel）' },
  { kind: 'allVoting', label: '全部投票数据（Excel）' },
  { kind: 'playerFile', label: '选手资料与图片（压缩包）', zip: true },
  { kind: 'redPacket', label: '红包发放记录（Excel）' },
];

/** 下载数据: each export is a job; the file appears in 我的下载 (/myDownload.html) when it is ready. */
export function VoteDownloadMenu({ voteId }: { voteId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (kind: TVoteExport | 'redPacket') => {
    setBusy(true);
    try {
      await queueVoteDownload(voteId, kind);
      toast.success('已加入导出队列', {
        description: '生成后可在“我的下载”中下载',
        action: { label: '查看', onClick: () => void navigate({ to: '/myDownload.html' }) },
        duration: 6000,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu
      trigger={
        <Button variant="primary" disabled={busy}>
          {busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Download size={16} aria-hidden />}
          下载数据
        </Button>
      }
    >
      {ITEMS.map((item) => (
        <DropdownItem key={item.kind} onSelect={() => void run(item.kind).catch(() => undefined)}>
          {item.zip ? <FileArchive size={16} aria-hidden /> : <FileSpreadsheet size={16} aria-hidden />}
          {item.label}
        </DropdownItem>
      ))}
      <DropdownSeparator />
      <DropdownItem onSelect={() => void navigate({ to: '/myDownload.html' })}>
        <FolderDown size={16} aria-hidden />
        我的下载
      </DropdownItem>
    </DropdownMenu>
  );
}
