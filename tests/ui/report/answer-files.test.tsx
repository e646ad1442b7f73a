import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerFiles } from '../../../src/features/report/answer-files';
import '../../../src/i18n';

const photo = { fileName: '现场照片.jpg', fileUrl: '/uploads/aabc-photo000000000000000001.jpg', fileSize: 2_400_000 };
const paper = { fileName: '说明.pdf', fileUrl: '/uploads/aabc-paper000000000000000002.pdf', fileSize: 3_000 };

describe('AnswerFiles', () => {
  it('shows a thumbnail for a picture and an icon for a document, each with its size, an open link and a download link', () => {
    render(<AnswerFiles files={[photo, paper]} />);
    const items = within(screen.getByRole('list', { name: '上传的文件' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const thumb = within(items[0]!).getByRole('link', { name: '查看“现场照片.jpg”' });
    expect(thumb).toHaveAttribute('href', photo.fileUrl);
    expect(thumb.querySelector('img')).toHaveAttribute('src', `${photo.fileUrl}?thumb=1`);
    expect(within(items[0]!).getByText('2.3 MB')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('img')).toBeNull();
    expect(within(items[1]!).getByRole('link', { name: '说明.pdf' })).toHaveAttribute('href', paper.fileUrl);
    const download = within(items[1]!).getByRole('link', { name: '下载“说明.pdf”' });
    expect(download).toHaveAttribute('href', `${paper.fileUrl}?download=1`);
    expect(download).toHaveAttribute('download', '说明.pdf');
  });

  it('falls back to the icon when the thumbnail cannot be shown, and never links an address that is not an upload', () => {
    render(<AnswerFiles files={[photo, { fileName: 'x.png', fileUrl: 'javascript:alert(1)', fileSize: null }]} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    fireEvent.error(items[0]!.querySelector('img')!);
    expect(items[0]!.querySelector('img')).toBeNull();
    expect(within(items[0]!).getByRole('link', { name: '下载“现场照片.jpg”' })).toBeInTheDocument();
  });
});
