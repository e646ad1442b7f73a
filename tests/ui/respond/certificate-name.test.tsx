import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCertificate, TCertificateInfo } from '../../../schemas/api/certificate';
import { CertificateCard } from '../../../src/respond/draw/certificate-card';

// 考试证书 after a passing sheet (issue 49): the name comes from the sheet's 姓名 answer when it has one.
const proof = { questionId: 'qid-12345678', sheetId: 'sheet-1', sheetProof: 'proof' };
const certificate = (name: string): TCertificate => ({
  serialNo: 'C20261204K7PX3QMA',
  name,
  score: 10,
  date: '2026-12-04',
  project: '期末考试',
  title: '结业证书',
  verifyUrl: 'http://localhost/certificate/verify.html?no=C20261204K7PX3QMA',
  qrPng: 'data:image/png;base64,AA==',
  pngUrl: '/api/cert.png',
  pdfUrl: '/api/cert.pdf',
});
let info: TCertificateInfo;
const issued: Array<Record<string, unknown>> = [];

beforeEach(() => {
  issued.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const ok = (data: unknown) => ({ json: async () => ({ resultCode: '200', resultMsg: '成功', data }) }) as Response;
    if (url.endsWith('getCertificateInfo')) return ok(info);
    issued.push(body);
    const name = String(body.name ?? '');
    if (!name) return { json: async () => ({ resultCode: '400', resultMsg: '请输入姓名', data: null }) } as Response;
    return ok(certificate(name));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('考试证书：姓名', () => {
  it('shows the name answered in the sheet and takes the certificate under it without typing', async () => {
    const user = userEvent.setup();
    info = { enabled: true, passed: true, score: 10, passScore: 6, certificate: null, sheetName: '张三' };
    render(<CertificateCard proof={proof} />);
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.getByText(/取自答卷中填写的姓名/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: '领取证书' }));
    expect(await screen.findByRole('img', { name: '结业证书：张三' })).toBeInTheDocument();
    expect(issued[0]).toMatchObject({ ...proof, name: '张三' });
  });

  it('asks for the name when the sheet has none, and says the refusal of an empty one', async () => {
    const user = userEvent.setup();
    info = { enabled: true, passed: true, score: 10, passScore: 6, certificate: null, sheetName: null };
    render(<CertificateCard proof={proof} />);
    const field = await screen.findByRole('textbox', { name: /证书上的姓名/ });
    await user.click(screen.getByRole('button', { name: '领取证书' }));
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    await user.type(field, '李雷');
    await user.click(screen.getByRole('button', { name: '领取证书' }));
    expect(await screen.findByRole('img', { name: '结业证书：李雷' })).toBeInTheDocument();
  });
});
