import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { FileUpload } from '../../../src/respond/widgets/upload';
import { RespondContext } from '../../../src/respond/widgets/shared';
import { make } from './fixtures';

function Harness({ subject, onValue }: { subject: TSubject; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(undefined);
  return (
    <RespondContext.Provider value={{ questionId: 'qid-12345678', preview: false, password: '8642' }}>
      <FileUpload
        subject={subject as never}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
        hidden={new Set()}
        base="s0"
        labelledBy="t"
        describedBy={undefined}
        invalid={false}
        errorRefs={new Set()}
      />
    </RespondContext.Provider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('file upload widget', () => {
  it('uploads for its own subject (with the password) and keeps the size the server stored', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(init.body as FormData);
      return new Response(
        JSON.stringify({ resultCode: '200', resultMsg: '上传成功', data: { fileName: '报告.pdf', fileUrl: '/uploads/a0-x.pdf', fileSize: 2048 } }),
      );
    });
    const subject = make(13, { title: '上传报告', accept: ['pdf'], maxSizeMb: 5, maxCount: 2 });
    const values: unknown[] = [];
    render(<Harness subject={subject} onValue={(v) => values.push(v)} />);
    await userEvent.upload(screen.getByLabelText(/点击选择文件/), new File(['%PDF-1.4 hello'], '报告.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(values).toHaveLength(1));
    const form = sent[0]!;
    expect([form.get('questionId'), form.get('subjectId'), form.get('password')]).toEqual(['qid-12345678', subject.uuid, '8642']);
    expect(values[0]).toEqual([{ fileName: '报告.pdf', fileUrl: '/uploads/a0-x.pdf', fileIndex: 0, fileSize: 2048 }]);
    expect(screen.getByText('2KB')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ resultCode: '409', resultMsg: '问卷已暂停收集', data: null })));
    render(<Harness subject={make(13, { title: '附件', accept: [], maxSizeMb: 5, maxCount: 1 })} onValue={() => {}} />);
    await userEvent.upload(screen.getByLabelText(/点击选择文件/), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('问卷已暂停收集');
  });
});
