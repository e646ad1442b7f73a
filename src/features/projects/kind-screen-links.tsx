import { Link } from '@tanstack/react-router';
import { CalendarCheck, CalendarClock, Gift, ListOrdered, ReceiptText, ShoppingBasket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TProjectInfo } from '../../../schemas/api/question';
import { PROJECT_KINDS, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { projectHref } from '../../app/kinds';
import styles from './project-list-styles';
import { PROJECTS_NS } from './projects-i18n';

/** A project row's link to its kind's own screen (接龙, 订单, 打卡, 预约, 团购), when its kind has one. */
export function KindScreenLinks({ project, canReport }: { project: TProjectInfo; canReport: boolean }) {
  const { t } = useTranslation(PROJECTS_NS);
  return (
    <>
      {project.questionType === PROJECT_KINDS.solitaire.questionType && project.solitaireType === SOLITAIRE_TYPE.signUp ? (
        <Link to={projectHref.chain(project.questionId)} className={styles.action}>
          <ListOrdered size={14} aria-hidden />
          {t('action.chain')}
        </Link>
      ) : null}
      {project.questionType === PROJECT_KINDS.online.questionType && canReport ? (
        <Link to={projectHref.orders(project.questionId)} className={styles.action}>
          <ReceiptText size={14} aria-hidden />
          {t('action.orders')}
        </Link>
      ) : null}
      {project.questionType === PROJECT_KINDS.solitaire.questionType && project.solitaireType === SOLITAIRE_TYPE.checkIn ? (
        <Link to={projectHref.checkIn(project.questionId)} className={styles.action}>
          <CalendarCheck size={14} aria-hidden />
          {t('action.checkIn')}
        </Link>
      ) : null}
      {project.questionType === PROJECT_KINDS.appoint.questionType ? (
        <Link to={projectHref.appointment(project.questionId)} className={styles.action}>
          <CalendarClock size={14} aria-hidden />
          {t('action.appointment')}
        </Link>
      ) : null}
      {project.questionType === PROJECT_KINDS.solitaire.questionType && project.solitaireType === SOLITAIRE_TYPE.groupBuy ? (
        <Link to={projectHref.groupBuy(project.questionId)} className={styles.action}>
          <ShoppingBasket size={14} aria-hidden />
          {t('action.groupBuy')}
        </Link>
      ) : null}
      {project.questionType === PROJECT_KINDS.questionnaire.questionType || project.questionType === PROJECT_KINDS.exam.questionType ? (
        <Link to="/RedEnvelope.html" search={{ questionId: project.questionId }} className={styles.action}>
          <Gift size={14} aria-hidden />
          {t('action.redPacket')}
        </Link>
      ) : null}
    </>
  );
}
