import { withManageCard } from '../../ui/manage-card';
import local from './appointment.module.css';

/** The appointment screens' classes, the shared manage-card ones joined in (see withManageCard). */
const styles = withManageCard(local, { card: 'card', table: 'table', stat: 'stat' });
export default styles;
