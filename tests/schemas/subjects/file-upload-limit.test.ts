import { describe, expect, it } from 'vitest';
import { FILE_UPLOAD_MAX_MB, ZFileUploadSubject } from '../../../schemas/subjects/types/file-upload';
import { subjectEntry } from '../../../schemas/subjects/registry';

describe('file upload size limit', () => {
  const subject = subjectEntry(13).create({ uuid: 'f1', indexSort: 1, newId: () => 'o1' });
  it('lets a creator set up to the upload ceiling and no more, so respondents are never promised more than the server takes', () => {
    expect(ZFileUploadSubject.safeParse({ ...subject, maxSizeMb: FILE_UPLOAD_MAX_MB }).success).toBe(true);
    const over = ZFileUploadSubject.safeParse({ ...subject, maxSizeMb: FILE_UPLOAD_MAX_MB + 1 });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('单个文件上限不能超过 20MB');
  });
});
