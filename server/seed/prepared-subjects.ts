import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';

/** The built-in question bank: common personal-info and satisfaction subjects, ready to insert. */
export interface PreparedSubject {
  bankId: string;
  category: string;
  title: string;
  subjectType: number;
  subject: TSubject;
}

let n = 0;
function prepared(category: string, subjectType: number, title: string, patch: Record<string, unknown> = {}): PreparedSubject {
  const key = `builtin-${++n}`;
  let o = 0;
  const base = subjectEntry(subjectType).create({ uuid: key, indexSort: 1, newId: () => `${key}-o${++o}` });
  const subject = { ...base, title, ...patch } as TSubject;
  return { bankId: key, category, title, subjectType, subject };
}

const options = (key: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${key}-${i + 1}`, title }));

export const PREPARED_SUBJECTS: readonly PreparedSubject[] = [
  prepared('个人信息', 6, '您的姓名'),
  prepared('个人信息', 1, '您的性别', { options: options('gender', ['男', '女']) }),
  prepared('个人信息', 1, '您的年龄段', { options: options('age', ['18岁以下', '18~25岁', '26~30岁', '31~40岁', '41~50岁', '51~60岁', '60岁以上']) }),
  prepared('个人信息', 26, '您的手机号码'),
  prepared('个人信息', 27, '您的电子邮箱', { required: false }),
  prepared('个人信息', 28, '您的身份证号码'),
  prepared('个人信息', 4, '您所在的地区'),
  prepared('个人信息', 1, '您的最高学历', { options: options('edu', ['初中及以下', '高中/中专', '大专', '本科', '硕士', '博士']) }),
  prepared('个人信息', 1, '您的职业', { options: options('job', ['学生', '企业职员', '公务员/事业单位', '教师', '医护人员', '自由职业', '退休', '其他']) }),
  prepared('个人信息', 1, '您的月收入', { options: options('income', ['3000元以下', '3000~5000元', '5001~8000元', '8001~15000元', '15000元以上']) }),
  prepared('满意度', 19, '您对本次服务的整体满意度'),
  prepared('满意度', 22, '您有多大可能向朋友或同事推荐我们？'),
  prepared('满意度', 23, '请为我们的服务态度打分'),
  prepared('满意度', 1, '您对产品质量是否满意？', { options: options('quality', ['非常满意', '满意', '一般', '不满意', '非常不满意']) }),
  prepared('满意度', 2, '您最看重我们哪些方面？', { options: options('value', ['价格', '质量', '服务', '品牌', '便利性', '其他']) }),
  prepared('满意度', 7, '您对我们还有哪些意见或建议？', { required: false }),
  prepared('满意度', 38, '请对本次体验做出评价'),
];
