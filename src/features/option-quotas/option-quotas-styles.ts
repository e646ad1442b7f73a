import { withManageCard } from '../../ui/manage-card';
import local from './option-quotas.module.css';

/** The option-quota screen's classes, the shared manage-card ones joined in (see withManageCard). */
const styles = withManageCard(local, { card: 'card', table: 'table', stat: 'stat' });
export default styles;
