import { ChevronDown, FileUp, ListTree, MapPin, MapPinned, PenLine, Signature } from 'lucide-react';
import { LinesField, TextField, type TCommit } from '../property-fields';
import { linesToNodes, nodesToLines } from '../fields';
import styles from '../preview.module.css';
import { Box } from '../preview-parts';
import type { Look } from './look-types';

// Where someone is (地区, 地图定位, 级联选择) and what they hand in (文件, 签名).

export const region: Look<'region'> = {
  icon: MapPinned,
  palette: { group: '个人信息', at: 3 },
  Preview: ({ subject }) => (
    <div className={styles.inline}>
      {(['省份', '城市', '区县'] as const).slice(0, { province: 1, city: 2, district: 3 }[subject.level]).map((part) => (
        <Box key={part} icon={<ChevronDown size={16} aria-hidden />}>
          {part}
        </Box>
      ))}
      {subject.detail !== 'none' ? <Box>详细地址</Box> : null}
    </div>
  ),
};

export const location: Look<'location'> = {
  icon: MapPin,
  palette: { group: '个人信息', at: 4 },
  Preview: () => <Box icon={<MapPin size={16} aria-hidden />}>点击获取当前位置</Box>,
};

export const cascade: Look<'cascade'> = {
  icon: ListTree,
  palette: { group: '个人信息', at: 5 },
  Preview: ({ subject }) => (
    <div className={styles.inline}>
      {subject.levels.map((level, i) => (
        <Box key={i} icon={<ChevronDown size={16} aria-hidden />}>
          {level}
        </Box>
      ))}
    </div>
  ),
  fields: ({ subject, commit }) => [
    <LinesField key="levels" label="级别名称" lines={subject.levels} onCommit={commit('levels') as TCommit<string[]>} />,
    <LinesField
      key="nodes"
      label="级联数据"
      rows={8}
      hint="每行一条完整路径，用“/”分隔，如：浙江/杭州/西湖区"
      lines={nodesToLines(subject.nodes)}
      onCommit={(l) => commit('nodes')(linesToNodes(l, subject.nodes))}
    />,
  ],
};

export const fileUpload: Look<'fileUpload'> = {
  icon: FileUp,
  palette: { group: '文件与签名', at: 0 },
  Preview: ({ subject }) => (
    <div className={styles.drop}>
      <FileUp size={22} aria-hidden />
      <span>点击或拖拽文件到此处上传</span>
      <small>
        {subject.accept.length ? `支持 ${subject.accept.join('、')}，` : ''}单个不超过 {subject.maxSizeMb}MB，最多 {subject.maxCount} 个
      </small>
    </div>
  ),
  fields: ({ subject, commit }) => [
    <TextField
      key="accept"
      label="允许的文件类型"
      hint="用逗号分隔扩展名，如 pdf,docx,jpg；留空不限"
      value={subject.accept.join(',')}
      onCommit={(v) =>
        commit('accept')(
          (v ?? '')
            .toLowerCase()
            .split(/[,，\s]+/)
            .map((x) => x.replace(/^\./, ''))
            .filter(Boolean),
        )
      }
    />,
  ],
};

export const signature: Look<'signature'> = {
  icon: Signature,
  palette: { group: '文件与签名', at: 1 },
  Preview: () => (
    <div className={styles.drop}>
      <PenLine size={22} aria-hidden />
      <span>请在此处签名</span>
    </div>
  ),
};
