import { CircleCheckBig, type LucideIcon } from 'lucide-react';
import { SUBJECT_PRESETS, isSubjectPreset, type TSubjectPreset } from '../../../../schemas/subjects/presets';
import { fitsProjectType } from '../../../../schemas/subjects/subject-types';
import { PALETTE_GROUP_NAMES } from '../../../subjects/subject-look';
import { subjectLook, subjectLooks, typeIcon, typeName } from '../../../subjects/subject-looks';

/** The palette's groups (issue 5): every type in the group its look names, in the look's place. */
export function paletteGroups(): { name: string; types: number[]; aloneNames: Map<number, string> }[] {
  const looks = [...subjectLooks()];
  return PALETTE_GROUP_NAMES.map((name) => {
    const members = looks.filter(([, look]) => look.palette.group === name).sort(([, a], [, b]) => a.palette.at - b.palette.at);
    const aloneNames = new Map(members.flatMap(([type, look]) => (look.palette.aloneGroupName ? [[type, look.palette.aloneGroupName] as const] : [])));
    return { name, types: members.map(([type]) => type), aloneNames };
  });
}

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
  const groups = paletteGroups()
    .map((group) => ({ ...group, types: group.types.filter((t) => questionType !== undefined && fitsProjectType(t, questionType)) }))
    .filter((group) => group.types.length > 0)
    .map((group) => ({ ...group, name: (group.types.length === 1 && group.aloneNames.get(group.types[0]!)) || group.name }))
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
  return /^\d+$/.test(key) && subjectLook(subjectType) ? { subjectType } : null;
}

const PRESET_ICONS: Record<TSubjectPreset, LucideIcon> = { trueFalse: CircleCheckBig };
export const entryName = (entry: TPaletteEntry): string => (entry.preset ? SUBJECT_PRESETS[entry.preset].name : typeName(entry.subjectType));
export const entryIcon = (entry: TPaletteEntry): LucideIcon => (entry.preset ? PRESET_ICONS[entry.preset] : typeIcon(entry.subjectType));
