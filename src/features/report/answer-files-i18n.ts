import { addMessages } from '../../i18n';

/** Words of the uploaded-file list (its own namespace, so the component stays self-contained). */
export const FILES_NS = 'report-files';
addMessages(FILES_NS, {
  'zh-CN': { download: '下载', open: '查看原图', downloadName: '下载“{{name}}”', openName: '查看“{{name}}”', list: '上传的文件', none: '未上传文件' },
  en: {
    download: 'Download',
    open: 'View',
    downloadName: 'Download “{{name}}”',
    openName: 'View “{{name}}”',
    list: 'Uploaded files',
    none: 'No file uploaded',
  },
});
