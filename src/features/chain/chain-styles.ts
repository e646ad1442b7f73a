import { withManageCard } from '../../ui/manage-card';
import local from './chain.module.css';

/** The chain screens' classes, the shared manage-card ones joined in (see withManageCard). */
const styles = withManageCard(local, { card: 'card', listCard: 'card', table: 'table', stat: 'stat' });
export default styles;
