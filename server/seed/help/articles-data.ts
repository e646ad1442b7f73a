import { ALL, type TArticleSeed } from './article-entry';

/** 报告与导出, 团队协作 and 常见问题 guides. */
export const DATA_ARTICLES: TArticleSeed[] = [
  {
    slug: 'report-read',
    articleType: 7,
    title: '查看统计报告和筛选答卷',
    summary: '每道题的图表和表格、按条件筛选、查看单份答卷详情。',
    sources: ALL,
    related: ['report-export', 'publish-share-link'],
    body: `## 打开报告
在项目列表中点击项目的**数据**，或在编辑页顶部点击**报告**。

## 统计报表
**统计报表**按题目显示选项的人数和比例，可以在**柱状图**、**饼图**和**表格**之间切换。

![统计报告页：筛选条件、统计报表和每道题的图表](help:report-overview)

## 筛选
1. 点击**筛选**，设置开始时间、结束时间或来源。
2. 点击**添加条件**，例如“第2题选择了「满意」”。
3. 选择**满足全部条件**或**满足任一条件**，点击**应用筛选**。

## 答卷详情
在**数据详情**中点击一行查看完整答卷，用**上一份**、**下一份**翻看。`,
  },
  {
    slug: 'report-export',
    articleType: 7,
    title: '导出数据到 Excel 或 CSV',
    summary: '按题目或按选项导出 Excel，或导出 CSV；大文件在我的下载中领取。',
    sources: ALL,
    related: ['report-read', 'chain-signup'],
    body: `## 操作步骤
1. 在统计报告页点击**导出数据**。
2. 选择 **Excel（按题目）**、**Excel（按选项）** 或 **CSV 文件**。
3. 文件生成后会自动下载；数据较多时在[我的下载](/myDownload.html)中领取。

> 导出会带上当前的筛选条件，只导出筛选后的答卷。`,
  },
  {
    slug: 'team-invite',
    articleType: 8,
    title: '邀请同事协作编辑项目',
    summary: '复制邀请链接，同事登录后按所选权限加入：可管理、可编辑或仅可查看。',
    sources: ALL,
    related: ['report-read', 'faq-login'],
    body: `## 邀请
1. 在编辑页顶部点击**协作**。
2. 选择**协作者权限**：**加入团队后可查看**、**可编辑**或**可管理**。
3. 点击**复制邀请链接**，发给同事。链接 7 天内有效。
4. 同事在电脑浏览器打开链接并登录后，自动加入项目，在项目列表中看到带“协作”标记的项目。

![编辑页的协作面板：邀请链接开关、协作者权限和协作成员](help:team-collaborate)

## 管理成员
在**协作成员**中可以修改权限或移除成员；只有可管理的成员才能邀请协作者。关闭通过邀请链接加入后，已加入的成员不受影响。`,
  },
  {
    slug: 'faq-limit',
    articleType: 14,
    title: '提示“今日创建数量已达上限”怎么办',
    summary: '每天能创建的项目数由会员等级决定，次日自动恢复，或升级会员。',
    sources: ALL,
    related: ['account-member'],
    body: `创建页顶部显示“今日已创建 N / 上限 个”。达到上限后：
1. 等到第二天，数量自动清零；
2. 或在[会员中心](/member/index.html)升级等级，立即提高上限；
3. 不再需要的项目可以删除，删除的项目在回收站中保留，可以恢复。`,
  },
  {
    slug: 'faq-login',
    articleType: 14,
    title: '收不到验证码或登录失效',
    summary: '验证码 6 位、几分钟内有效、最多试 5 次；登录状态保持 7 天。',
    sources: ALL,
    related: ['team-invite', 'start-first-survey'],
    body: `## 收不到验证码
- 检查手机号是否填写正确，稍等一分钟后再点获取验证码；
- 验证码为 6 位数字，输错 5 次后失效，请重新获取。

## 登录失效
登录状态保持 7 天，过期后会回到[登录页](/login)，重新登录即可，编辑中的内容已自动保存。`,
  },
  {
    slug: 'faq-restore',
    articleType: 14,
    title: '误删了项目，怎么恢复',
    summary: '删除的项目进入回收站并一直保留，可以恢复，也可以彻底删除。',
    sources: ALL,
    related: ['faq-limit', 'kinds-overview'],
    body: `1. 在工作台左侧菜单中打开对应类型的回收站，例如[问卷回收站](/questionnaire/delete.html)。
2. 找到项目，点击**恢复**，项目回到列表中，数据都在。
3. **彻底删除**后项目和数据无法恢复，请谨慎操作。`,
  },
];
