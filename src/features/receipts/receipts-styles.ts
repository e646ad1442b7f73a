import { withManageCard } from '../../ui/manage-card';
import local from './receipts.module.css';

/** The receipt screens' classes, with the shared manage card, figure and table joined in. */
const styles = withManageCard(local as Readonly<Record<string, string>>, { card: 'card', cardTitle: 'cardTitle', table: 'table', stat: 'stat' });
export default styles;
