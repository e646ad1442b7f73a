import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { joinTeamWork } from '../../api/team';
import { LoadingState } from '../../ui';
import styles from './collaboration.module.css';
import { POWER } from '../../../schemas/project-kinds';

/** /cooperation.html?work_code=…: join the team and land in the project with the granted power. */
export function CooperationPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  const [message, setMessage] = useState('正在加入项目协作…');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(location.search).get('work_code') ?? '';
    joinTeamWork(code)
      .then(({ questionId, powerType }) => {
        setMessage('加入成功，正在进入项目…');
        const to = powerType === POWER.view ? '/questionnaire/report.html' : '/questionnaire/edit/subject.html';
        void navigate({ to, search: { questionId } as never, replace: true });
      })
      .catch((error: unknown) => {
        const reason =
          error instanceof ApiError && error.data && typeof error.data === 'object'
            ? String((error.data as { reason?: string }).reason ?? 'unknown')
            : 'unknown';
        void navigate({ to: '/cooperationError.html', search: { reason } as never, replace: true });
      });
  }, [navigate]);
  return (
    <div className={styles.page}>
      <LoadingState label={message} />
    </div>
  );
}

export default CooperationPage;
