import { withManageCard } from '../../ui/manage-card';
import local from './red-envelope.module.css';

/** The red envelope screens' classes, the shared manage-card ones joined in. */
const styles = withManageCard(local, { card: 'card', listCard: 'card', table: 'table', stat: 'stat' });
export default styles;
