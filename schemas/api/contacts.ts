import { z } from 'zod';
import { zInt } from '../int';
import { contract } from './contract';

/**
 * 通讯录 (/email.html, issue 50 item 1): a user's own contacts, groups, custom fields and shown columns
 * (contact_* tables, migration 0082). Every call works on the caller's own book only; another user's group or
 * contact answers "404". Limits below are per user and enforced by the database under a lock of the user's book row.
 */
export const CONTACT_LIMITS = { contacts: 20_000, groups: 200, fields: 30, importRows: 5_000, options: 50, pageSize: 100, batch: 20_000 } as const;
/** An import file (.xlsx or .csv) as base64: at most 4 MB of file. */
export const CONTACT_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

/** The built-in columns; custom fields are named by their numeric id. */
export const BUILTIN_FIELDS = ['name', 'phone', 'email', 'group', 'createTime'] as const;
export type TBuiltinField = (typeof BUILTIN_FIELDS)[number];
export const BUILTIN_FIELD_NAMES: Record<TBuiltinField, string> = { name: '姓名', phone: '手机号', email: '邮箱', group: '分组', createTime: '添加时间' };
/** The columns a new book shows (getResetField / getDefault). */
export const DEFAULT_SHOWN_FIELDS: TBuiltinField[] = ['name', 'phone', 'email', 'group', 'createTime'];
/** The fields an import may fill (a column mapped to nothing is left out). */
export const IMPORTABLE_BUILTINS = ['name', 'phone', 'email', 'group'] as const;

export const CONTACT_FIELD_KINDS = ['text', 'number', 'date', 'choice'] as const;
export type TContactFieldKindName = (typeof CONTACT_FIELD_KINDS)[number];
export const CONTACT_FIELD_KIND_NAMES: Record<TContactFieldKindName, string> = { text: '文本', number: '数字', date: '日期', choice: '选项' };
export const UNGROUPED_NAME = '未分组';

export const CONTACT_MESSAGES = {
  notFound: '联系人不存在或已删除',
  groupNotFound: '分组不存在或已删除',
  fieldNotFound: '字段不存在或已删除',
  name: '请填写姓名',
  nameLong: '姓名最多50个字',
  phone: '请输入正确的手机号',
  email: '请输入正确的邮箱',
  address: '请填写手机号或邮箱',
  phoneTaken: (who: string) => `手机号已在通讯录中（${who}）`,
  emailTaken: (who: string) => `邮箱已在通讯录中（${who}）`,
  phoneOrEmailTaken: '手机号或邮箱已在通讯录中',
  groupName: '请填写分组名称',
  groupNameLong: '分组名称最多30个字',
  groupTaken: '分组名称已存在',
  groupReserved: `“${UNGROUPED_NAME}”是系统分组，请换一个名称`,
  fieldName: '请填写字段名称',
  fieldNameLong: '字段名称最多20个字',
  fieldTaken: '字段名称已存在',
  fieldBuiltin: '不能与内置字段同名',
  options: '选项字段至少需要一个选项',
  optionLong: '选项最多30个字',
  tooManyContacts: (left: number) => `通讯录最多${CONTACT_LIMITS.contacts}人，还能添加${Math.max(left, 0)}人`,
  tooManyGroups: `最多创建${CONTACT_LIMITS.groups}个分组`,
  tooManyFields: `最多创建${CONTACT_LIMITS.fields}个自定义字段`,
  tooManyRows: `一次最多导入${CONTACT_LIMITS.importRows}行`,
  required: (field: string) => `请填写${field}`,
  number: (field: string) => `${field}须为数字`,
  date: (field: string) => `${field}须为日期，例如 2024-05-01`,
  choice: (field: string, options: string[]) => `${field}须为以下选项之一：${options.join('、')}`,
  valueLong: (field: string) => `${field}最多200个字`,
  shownEmpty: '请至少显示一列',
  nothingChosen: '请选择联系人',
  file: '无法读取文件，请上传 .xlsx 或 .csv 文件',
  fileEmpty: '文件中没有联系人',
  fileEncoding: '无法识别CSV的编码，请另存为UTF-8编码的CSV后再导入',
  mapName: '请指定“姓名”对应的列',
  mapAddress: '请指定“手机号”或“邮箱”对应的列',
  mapTwice: '同一字段只能对应一列',
  dupInFile: (row: number) => `与第${row}行重复`,
  dupInBook: '已在通讯录中，已跳过',
  dupTwo: '手机号和邮箱分别属于通讯录中的两个联系人',
} as const;

const ZId = (message: string) => zInt(1, 2_147_483_647, message);
export const ZContactId = ZId(CONTACT_MESSAGES.notFound);
export const ZGroupId = ZId(CONTACT_MESSAGES.groupNotFound);
/** A group filter or target: a group's id, or 0 for 未分组. */
export const ZGroupRef = zInt(0, 2_147_483_647, CONTACT_MESSAGES.groupNotFound);
export const ZFieldId = ZId(CONTACT_MESSAGES.fieldNotFound);
/** A column: a built-in key or a custom field's id. */
export const ZFieldKey = z.union([z.enum(BUILTIN_FIELDS), ZFieldId], { error: CONTACT_MESSAGES.fieldNotFound });
export type TFieldKey = z.infer<typeof ZFieldKey>;

/** A custom value as typed: text (numbers and dates are checked against their field's kind on the server). */
const ZValue = z.union([z.string().max(200), z.number()]);

export const ZContactGroup = z.object({ groupId: z.number(), name: z.string(), count: z.number() });
export type TContactGroup = z.infer<typeof ZContactGroup>;
export const ZGroupList = z.object({ list: z.array(ZContactGroup), ungrouped: z.number(), total: z.number() });
export type TGroupList = z.infer<typeof ZGroupList>;

/** A group as the send pages name it, with its count: “一班”（5 人）, 未分组（3 人）; 分组 #id while the list loads. */
export function groupLabel(groupId: number, groups: TGroupList | undefined): string {
  if (groupId === 0) return `未分组${groups ? `（${groups.ungrouped} 人）` : ''}`;
  const group = groups?.list.find((g) => g.groupId === groupId);
  return group ? `“${group.name}”（${group.count} 人）` : `分组 #${groupId}`;
}

export const ZContact = z.object({
  contactId: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  groupId: z.number().nullable(),
  groupName: z.string(),
  /** Custom values by field id. */
  fields: z.record(z.string(), z.union([z.string(), z.number()])),
  smsOptOut: z.boolean(),
  emailOptOut: z.boolean(),
  createTime: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactField = z.object({
  key: z.union([z.string(), z.number()]),
  name: z.string(),
  builtin: z.boolean(),
  kind: z.enum(CONTACT_FIELD_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type TContactField = z.infer<typeof ZContactField>;
export const ZFieldList = z.object({ list: z.array(ZContactField) });

export const ZSaveGroupRequest = z.object({
  groupId: ZGroupId.optional(),
  name: z.string().trim().min(1, CONTACT_MESSAGES.groupName).max(30, CONTACT_MESSAGES.groupNameLong),
});
export const ZDelGroupRequest = z.object({
  groupId: ZGroupId,
  /** true: the group's contacts are deleted too; otherwise they become 未分组. */
  withContacts: z.boolean().default(false),
});

export const ZSaveContactRequest = z.object({
  contactId: ZContactId.optional(),
  name: z.string().trim().min(1, CONTACT_MESSAGES.name).max(50, CONTACT_MESSAGES.nameLong),
  phone: z.string().trim().max(30, CONTACT_MESSAGES.phone).default(''),
  email: z.string().trim().max(100, CONTACT_MESSAGES.email).default(''),
  groupId: ZGroupId.nullable().default(null),
  fields: z.record(z.string().max(12), ZValue).default({}),
});
export type TSaveContactRequest = z.input<typeof ZSaveContactRequest>;

export const ZContactListRequest = z.object({
  /** Absent: the whole book; 0: 未分组. */
  groupId: ZGroupRef.optional(),
  keyword: z.string().trim().max(50).optional(),
  /** true: only contacts who opted out of e-mail or SMS (已退订). */
  optedOut: z.boolean().optional(),
  page: zInt(1, 100_000).default(1),
  pageSize: zInt(1, CONTACT_LIMITS.pageSize).default(20),
});

export const ZSaveFieldListRequest = z.object({
  fields: z
    .array(ZFieldKey)
    .min(1, CONTACT_MESSAGES.shownEmpty)
    .max(BUILTIN_FIELDS.length + CONTACT_LIMITS.fields),
});

export const ZSaveCustomFieldRequest = z.object({
  fieldId: ZFieldId.optional(),
  /** With fieldId: remove the field (its values go with it; the shown columns drop it). */
  remove: z.boolean().default(false),
  name: z.string().trim().min(1, CONTACT_MESSAGES.fieldName).max(20, CONTACT_MESSAGES.fieldNameLong),
  kind: z.enum(CONTACT_FIELD_KINDS, { error: '请选择字段类型' }).default('text'),
  options: z
    .array(z.string().trim().min(1).max(30, CONTACT_MESSAGES.optionLong))
    .max(CONTACT_LIMITS.options, `最多${CONTACT_LIMITS.options}个选项`)
    .default([]),
  required: z.boolean().default(false),
});

export const ZContactDefaults = z.object({
  shownFields: z.array(ZContactField),
  /** A new contact: no group, each choice field empty. */
  contact: z.object({ name: z.string(), phone: z.string(), email: z.string(), groupId: z.number().nullable(), fields: z.record(z.string(), z.string()) }),
  limits: z.object({ contacts: z.number(), groups: z.number(), fields: z.number(), importRows: z.number() }),
});

export const ZGroupTotal = z.object({ groups: z.number(), contacts: z.number(), fields: z.number(), ungrouped: z.number() });

/** Column index (0-based) → the field it fills; a column left out is not imported. */
export const ZImportMapping = z.array(z.object({ column: zInt(0, 199), field: ZFieldKey })).max(200);
export const ZImportRequest = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** The .xlsx (first sheet) or .csv (UTF-8) as base64; row 1 names the columns. */
  file: z
    .string()
    .min(1, '请选择文件')
    .max(Math.ceil((CONTACT_IMPORT_MAX_BYTES * 4) / 3) + 4, '文件不能超过4MB'),
  /** Absent: answer the header and a preview; present: import with it. */
  mapping: ZImportMapping.optional(),
  /** A row whose phone or e-mail is already in the book: skip it, or update that contact. */
  onDuplicate: z.enum(['skip', 'update']).default('skip'),
  /** Imported contacts go into this group (a 分组 column, when mapped, wins). */
  groupId: ZGroupId.nullable().default(null),
});
export const ZImportProblem = z.object({ row: z.number(), name: z.string(), message: z.string() });
export type TImportProblem = z.infer<typeof ZImportProblem>;
export const ZImportResult = z.object({
  /** Preview (no mapping): the header, the first rows, the suggested mapping. */
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  rows: z.number(),
  suggested: z.array(z.object({ column: z.number(), field: z.union([z.string(), z.number()]) })),
  /** Import (with a mapping). */
  imported: z.boolean(),
  added: z.number(),
  updated: z.number(),
  skipped: z.number(),
  problems: z.array(ZImportProblem),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZDelContactRequest = z
  .object({ contactIds: z.array(ZContactId).max(CONTACT_LIMITS.batch).optional(), groupId: ZGroupRef.optional() })
  .refine((b) => (b.contactIds?.length ?? 0) > 0 || b.groupId !== undefined, { message: CONTACT_MESSAGES.nothingChosen, path: ['contactIds'] });
export const ZAddByGroupRequest = z.object({
  contactIds: z.array(ZContactId).min(1, CONTACT_MESSAGES.nothingChosen).max(CONTACT_LIMITS.batch),
  /** The group they move into; 0 = 未分组. */
  groupId: ZGroupRef,
});
export const ZExportRequest = z.object({ groupId: ZGroupRef.optional() });

/** A contact's invitation history (记录): every message to them, across the caller's projects, newest first. */
export const CONTACT_HISTORY_LIMIT = 200;
export const ZContactHistoryItem = z.object({
  messageId: z.number(),
  questionId: z.string(),
  projectTitle: z.string(),
  channel: z.enum(['sms', 'email']),
  address: z.string(),
  state: z.enum(['queued', 'refused', 'sending', 'sent', 'delivered', 'failed', 'skipped']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The contact's own link to that project: first opened, answered. */
  openedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type TContactHistoryItem = z.infer<typeof ZContactHistoryItem>;
export const ZContactHistory = z.object({ contact: ZContact, list: z.array(ZContactHistoryItem), total: z.number() });
export type TContactHistory = z.infer<typeof ZContactHistory>;
export const ZExportFile = z.object({ fileName: z.string(), xlsx: z.string(), count: z.number() });

const C = 'activity/contact/';
const none = z.object({}).passthrough();
/** activity/contact/*: the caller's own address book. */
export const contactCalls = {
  saveOrUpdateContactGroup: contract({
    path: `${C}saveOrUpdateContactGroup`,
    summary: '新建或重命名联系人分组',
    request: ZSaveGroupRequest,
    response: ZContactGroup,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getContactGroupNameList: contract({
    path: `${C}getContactGroupNameList`,
    summary: '分组列表（含人数）',
    request: none,
    response: ZGroupList,
    auth: 'required',
  }),
  getContactGroupTotal: contract({ path: `${C}getContactGroupTotal`, summary: '通讯录总数', request: none, response: ZGroupTotal, auth: 'required' }),
  delContactGroup: contract({
    path: `${C}delContactGroup`,
    summary: '删除分组',
    request: ZDelGroupRequest,
    response: z.object({ contacts: z.number() }),
    auth: 'required',
    okMessage: '删除成功',
  }),
  saveOrUpdateContact: contract({
    path: `${C}saveOrUpdateContact`,
    summary: '新建或修改联系人',
    request: ZSaveContactRequest,
    response: ZContact,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getContactList: contract({
    path: `${C}getContactList`,
    summary: '联系人分页',
    request: ZContactListRequest,
    response: z.object({ list: z.array(ZContact), total: z.number() }),
    auth: 'required',
  }),
  getFieldNameList: contract({ path: `${C}getFieldNameList`, summary: '全部字段（内置和自定义）', request: none, response: ZFieldList, auth: 'required' }),
  getShowFieldList: contract({ path: `${C}getShowFieldList`, summary: '显示的列', request: none, response: ZFieldList, auth: 'required' }),
  saveOrUpdateFieldList: contract({
    path: `${C}saveOrUpdateFieldList`,
    summary: '保存显示的列',
    request: ZSaveFieldListRequest,
    response: ZFieldList,
    auth: 'required',
    okMessage: '保存成功',
  }),
  saveCustomField: contract({
    path: `${C}saveCustomField`,
    summary: '新建、修改或删除自定义字段',
    request: ZSaveCustomFieldRequest,
    response: z.object({ field: ZContactField.nullable() }),
    auth: 'required',
    okMessage: '保存成功',
  }),
  getCustomFieldList: contract({ path: `${C}getCustomFieldList`, summary: '自定义字段', request: none, response: ZFieldList, auth: 'required' }),
  getResetField: contract({
    path: `${C}getResetField`,
    summary: '恢复默认显示的列',
    request: none,
    response: ZFieldList,
    auth: 'required',
    okMessage: '已恢复默认',
  }),
  getDefault: contract({ path: `${C}getDefault`, summary: '新联系人的默认值和默认列', request: none, response: ZContactDefaults, auth: 'required' }),
  getImportContact: contract({
    path: `${C}getImportContact`,
    summary: '导入联系人（预览、按映射导入）',
    request: ZImportRequest,
    response: ZImportResult,
    auth: 'required',
  }),
  delContact: contract({
    path: `${C}delContact`,
    summary: '批量删除联系人',
    request: ZDelContactRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '删除成功',
  }),
  addContactByGroup: contract({
    path: `${C}addContactByGroup`,
    summary: '移入分组',
    request: ZAddByGroupRequest,
    response: z.object({ moved: z.number() }),
    auth: 'required',
    okMessage: '已移入分组',
  }),
  exportContact: contract({ path: `${C}exportContact`, summary: '导出通讯录', request: ZExportRequest, response: ZExportFile, auth: 'required' }),
  getContactHistory: contract({
    path: `${C}getContactHistory`,
    summary: '联系人的邀请记录（全部项目）',
    request: z.object({ contactId: ZContactId }),
    response: ZContactHistory,
    auth: 'required',
  }),
};
