import { Award, BadgeCheck, Clock, EyeOff, Gift, Lock, Search, Share2, ShieldCheck, Trophy, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { selectReadOnly, selectSettings, selectSubjects } from '../../../../machines/editor/editor.selectors';
import { canEditPower } from '../../../../machines/editor/editor.rules';
import { SOLITAIRE_TYPE } from '../../../../schemas/project-kinds';
import { cx } from '../../../ui/cx';
import { EditorFrame } from '../editor-frame';
import { TeamLinkSwitch } from '../team-link-switch';
import { AdvertFreeSwitch } from '../advert-free-switch';
import { useEditor, useEditorSession, useKindNoun } from '../use-editor';
import { Conclusions } from './conclusions';
import { ResultQuerySettings } from './result-query-card';
import { FormWechatField } from './form-wechat-field';
import { DrawSettings } from './draw-card';
import { CertificateSettings } from './certificate-card';
import styles from './setting.module.css';
import { useSettingFields } from './use-setting-fields';

function Card({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className={styles.card}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon}>{icon}</span>
        <div>
          <h2>{title}</h2>
          {hint ? <p>{hint}</p> : null}
        </div>
      </header>
      <div className={styles.cardBody}>{children}</div>
    </section>
  );
}

function SettingsForm() {
  const settings = useEditor(selectSettings)!;
  const readOnly = useEditor((s) => selectReadOnly(s) || !canEditPower(s.context.project?.powerType));
  const exam = useEditor((s) => s.context.project?.questionType === 2);
  const payment = useEditor((s) => s.context.project?.questionType === 6);
  const signUpChain = useEditor((s) => s.context.project?.questionType === 5 && s.context.project.solitaireType === SOLITAIRE_TYPE.signUp);
  const noun = useKindNoun();
  const { questionId } = useEditorSession();
  const isOwner = useEditor((s) => s.context.project?.isTeamWork === 0);
  const subjects = useEditor(selectSubjects);
  const { commit, error, toggle, count, text, time } = useSettingFields(settings, readOnly);

  return (
    <div className={cx(styles.form, readOnly && styles.readOnly)}>
      <Card icon={<Clock size={18} />} title="收集设置" hint="在收集时间外，答题者会看到“不在收集时间内”的提示">
        {time('startTime', '开始时间')}
        {time('endTime', '结束时间')}
        {error('startTime') ?? error('endTime')}
        {count('maxAnswers', '答卷总数上限', '份')}
        {toggle('resumeDraft', '断点续答', '答题者中途关闭页面，再次打开时可从上次填写的位置继续')}
      </Card>
      {payment ? (
        <Card
          icon={<Wallet size={18} />}
          title="收款设置"
          hint={`当前：下单后 ${settings.paymentWindowMinutes} 分钟内未支付的订单自动关闭，库存释放（可设 5–1440 分钟）`}
        >
          {count('paymentWindowMinutes', '付款时限', '分钟', '5–1440')}
        </Card>
      ) : null}
      <Card icon={<ShieldCheck size={18} />} title="作答限制" hint="防止重复作答">
        {count('perDeviceLimit', '每台设备限答', '次')}
        {count('perUserLimit', '每个用户限答', '次')}
        {count('perIpLimit', '每个IP限答', '次')}
        {toggle('loginRequired', '需登录后作答', '答题者须先登录账号')}
        <FormWechatField questionId={questionId} settings={settings} readOnly={readOnly} commit={commit} count={count} />
      </Card>
      <Card icon={<EyeOff size={18} />} title="防作弊" hint="答题页上生效，对所有答题者">
        {toggle('noCopyPaste', '禁止复制粘贴', '答题者不能在答题页复制题目、粘贴答案')}
        {count('leaveLimit', '切屏限制', '次', '不限')}
        <p className={styles.hint}>答题者离开答题页面（切换到其他页面或应用；手机上传文件时打开相册、相机也算一次）超过设定次数时，自动交卷</p>
      </Card>
      <Card icon={<Lock size={18} />} title="访问权限">
        {text('password', '作答密码', '留空表示不需要密码')}
        <div className={styles.field}>
          <span>答题白名单：{settings.whitelistEnabled ? '已开启，只有名单中的人能作答' : '未开启'}</span>
          <a href={`/whiteUser.html?questionId=${encodeURIComponent(questionId)}`}>管理答题白名单（按手机号、姓名或访问码）</a>
        </div>
        <div className={styles.field}>
          <span>数据推送（Webhook）：新数据实时推送到你的系统，需管理权限</span>
          <a href={`/questionnaire/webhook.html?questionId=${encodeURIComponent(questionId)}`}>管理数据推送</a>
        </div>
      </Card>
      <Card icon={<Trophy size={18} />} title="提交后" hint="答题者提交后可以看到的内容">
        {/* Exams are never edited after submitting (the score and key may have been shown): docs/decisions.md. */}
        {exam ? null : toggle('allowEditAfterSubmit', '允许提交后修改答案')}
        {toggle('showResults', '向答题者展示统计结果')}
        {exam ? (
          <>
            {toggle('showScore', '显示考试分数')}
            {toggle('showCorrectAnswers', '显示正确答案')}
            {toggle('showAnalysis', '显示答案解析')}
            {count('examMinutes', '考试时长', '分钟')}
            {toggle('examLateAccepted', '超时交卷仍收下（标记为可疑答卷）')}
          </>
        ) : null}
      </Card>
      <Card icon={<Gift size={18} />} title="答题抽奖" hint="提交有效答卷后抽奖，中奖者填写领奖信息">
        <DrawSettings questionId={questionId} readOnly={readOnly} />
      </Card>
      {exam ? (
        <Card icon={<Award size={18} />} title="考试证书" hint="合格的答题者领取证书，证书二维码可公开查验真伪">
          <CertificateSettings questionId={questionId} readOnly={readOnly} />
        </Card>
      ) : null}
      <Card icon={<Search size={18} />} title="结果查询" hint="答题者在查询页查看本人的提交结果">
        {/* A sign-up chain's entries are not sheets: its switch is a chain setting (docs/decisions.md). */}
        {signUpChain ? (
          <p className={styles.hint}>报名接龙的结果查询在接龙名单页的「接龙设置」中开启，参与者凭接龙时留的手机号查询名次。</p>
        ) : (
          <ResultQuerySettings questionId={questionId} settings={settings} subjects={subjects} readOnly={readOnly} commit={commit} toggle={toggle} />
        )}
      </Card>
      <Card icon={<Users size={18} />} title="协作" hint={`邀请同事一起编辑${noun}、查看数据`}>
        <TeamLinkSwitch questionId={questionId} isOwner={isOwner} className={styles.switchRow} />
      </Card>
      <Card icon={<BadgeCheck size={18} />} title="品牌" hint="答题页底部的平台品牌信息">
        <AdvertFreeSwitch questionId={questionId} isOwner={isOwner} className={styles.switchRow} errorClassName={styles.error} />
      </Card>
      <Card icon={<Share2 size={18} />} title="分享">
        {text('shareTitle', '分享标题', `分享到微信时显示的标题，留空使用${noun}标题`)}
      </Card>
    </div>
  );
}

function SettingWorkspace() {
  const noun = useKindNoun();
  return (
    <div className={styles.layout}>
      <div>
        <h1 className={styles.title}>{noun}设置</h1>
        <SettingsForm />
      </div>
      <Conclusions />
    </div>
  );
}

/** /questionnaire/edit/setting.html: collection settings (autosaved with the document) and conclusion pages. */
export function SettingPage() {
  return (
    <EditorFrame page="setting">
      <SettingWorkspace />
    </EditorFrame>
  );
}
