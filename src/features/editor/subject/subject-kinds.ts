import {
  AlignLeft,
  ArrowDownUp,
  CalendarClock,
  CalendarDays,
  ChartPie,
  CircleCheckBig,
  CircleDot,
  Contact,
  FileUp,
  Gauge,
  Grid3x3,
  Hash,
  IdCard,
  Image,
  Images,
  LayoutGrid,
  ListTree,
  Mail,
  MapPin,
  MapPinned,
  MessageSquareHeart,
  Minus,
  Music,
  Pilcrow,
  Rows3,
  SeparatorHorizontal,
  ShoppingBag,
  Signature,
  SlidersHorizontal,
  Smartphone,
  SquareCheck,
  SquareChevronDown,
  Star,
  Table,
  TableProperties,
  TextCursor,
  TextCursorInput,
  ThumbsUp,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { SUBJECT_PRESETS, isSubjectPreset, type TSubjectPreset } from '../../../../schemas/subjects/presets';
import { SUBJECT_TYPE_NAMES, fitsProjectType, type SubjectTypeNumber } from '../../../../schemas/subjects/subject-types';

/** The palette's groups (issue 5): every one of the 38 types exactly once (paletteGroupsFor picks a project's). */
export const PALETTE_GROUPS: { name: string; types: SubjectTypeNumber[] }[] = [
  { name: '选择题', types: [1, 2, 3, 5, 8, 9] },
  { name: '填空题', types: [6, 7, 10, 14, 21] },
  { name: '矩阵题', types: [11, 12, 18, 25] },
  { name: '评分题', types: [19, 22, 23, 24, 20, 38] },
  { name: '个人信息', types: [26, 27, 28, 4, 29, 17] },
  { name: '文件与签名', types: [13, 33] },
  { name: '布局', types: [15, 16, 30, 31, 32, 35, 36] },
  { name: '收款与预约', types: [34, 37] },
];

/** One palette item: a subject type, or a preset that starts a type as a familiar kind (判断题 is a single choice). */
export interface TPaletteEntry {
  subjectType: number;
  preset?: TSubjectPreset;
}

/** Exam-only items (issue 17 item 13): 判断题 is a single choice 正确 / 错误, not a type of its own. */
const EXAM_GROUP = { name: '考试题', entries: [{ subjectType: 1, preset: 'trueFalse' }] as TPaletteEntry[] };

/**
 * The palette of one project type: 商品 only in online-payment projects, 预约时段 only in appointment
 * projects, so the payment / appointment group shows (named for what it holds) only where it fits; exams get
 * the 考试题 group after 选择题.
 */
export function paletteGroupsFor(questionType: number | undefined): { name: string; entries: TPaletteEntry[] }[] {
  const groups = PALETTE_GROUPS.map((group) => ({ ...group, types: group.types.filter((t) => questionType !== undefined && fitsProjectType(t, questionType)) }))
    .filter((group) => group.types.length > 0)
    .map((group) => (group.name === '收款与预约' && group.types.length === 1 ? { ...group, name: group.types[0] === 34 ? '收款' : '预约' } : group))
    .map(({ name, types }) => ({ name, entries: types.map((subjectType): TPaletteEntry => ({ subjectType })) }));
  if (questionType === 2) groups.splice(1, 0, EXAM_GROUP);
  return groups;
}

/** The drag id's tail of an entry: the type number, or the preset's name. */
export const paletteKey = (entry: TPaletteEntry): string => entry.preset ?? String(entry.subjectType);

/** The entry a drag id's tail names, or null. */
export function paletteEntryOfKey(key: string): TPaletteEntry | null {
  if (isSubjectPreset(key)) return { subjectType: SUBJECT_PRESETS[key].subjectType, preset: key };
  const subjectType = Number(key);
  return /^\d+$/.test(key) && SUBJECT_TYPE_NAMES[subjectType as SubjectTypeNumber] ? { subjectType } : null;
}

export const SUBJECT_ICONS: Record<SubjectTypeNumber, LucideIcon> = {
  1: CircleDot,
  2: SquareCheck,
  3: SquareChevronDown,
  4: MapPinned,
  5: Images,
  6: TextCursor,
  7: AlignLeft,
  8: TextCursorInput,
  9: ArrowDownUp,
  10: Rows3,
  11: Grid3x3,
  12: LayoutGrid,
  13: FileUp,
  14: CalendarDays,
  15: Pilcrow,
  16: SeparatorHorizontal,
  17: ListTree,
  18: Table,
  19: Gauge,
  20: ChartPie,
  21: Hash,
  22: ThumbsUp,
  23: Star,
  24: SlidersHorizontal,
  25: TableProperties,
  26: Smartphone,
  27: Mail,
  28: IdCard,
  29: MapPin,
  30: Minus,
  31: Image,
  32: Video,
  33: Signature,
  34: ShoppingBag,
  35: Music,
  36: Contact,
  37: CalendarClock,
  38: MessageSquareHeart,
};

export const typeName = (subjectType: number): string => SUBJECT_TYPE_NAMES[subjectType as SubjectTypeNumber]?.zh ?? `题型${subjectType}`;
export const typeIcon = (subjectType: number): LucideIcon => SUBJECT_ICONS[subjectType as SubjectTypeNumber] ?? CircleDot;

const PRESET_ICONS: Record<TSubjectPreset, LucideIcon> = { trueFalse: CircleCheckBig };
export const entryName = (entry: TPaletteEntry): string => (entry.preset ? SUBJECT_PRESETS[entry.preset].name : typeName(entry.subjectType));
export const entryIcon = (entry: TPaletteEntry): LucideIcon => (entry.preset ? PRESET_ICONS[entry.preset] : typeIcon(entry.subjectType));

/** Types whose options are edited in place on the card. */
export const OPTION_TYPES = new Set([1, 2, 3, 5, 8, 9]);
/** Types whose single-choice options may jump (option → subject). */
export const SINGLE_CHOICE_TYPES = new Set([1, 3, 5, 8]);
