import { withManageCard } from '../../ui/manage-card';
import local from './sms.module.css';

/** The SMS screens' classes, with the shared manage card and table joined in. */
const styles = withManageCard(local as Readonly<Record<string, string>>, { card: 'card', cardTitle: 'cardTitle', table: 'table' });
export default styles;
