import { Link } from '@tanstack/react-router';
import { JOIN_ERRORS, type TJoinError } from '../../../schemas/api/team';
import { Button } from '../../ui';
import styles from './collaboration.module.css';

/** /cooperationError.html?reason=…: why the invitation could not be used. */
export function CooperationErrorPage() {
  const reason = new URLSearchParams(location.search).get('reason') as TJoinError | null;
  const text = (reason && JOIN_ERRORS[reason]) || JOIN_ERRORS.unknown;
  return (
    <div className={styles.page} data-reason={reason ?? 'unknown'}>
      <h1>无法加入协作</h1>
      <p>{text}</p>
      <Button variant="primary" asChild>
        <Link to="/activeManagement.html">返回工作台</Link>
      </Button>
    </div>
  );
}

export default CooperationErrorPage;
