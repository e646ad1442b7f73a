import { withManageCard } from '../../ui/manage-card';
import local from './whitelist.module.css';

/** The whitelist screen's classes, with the shared manage card and table joined in. */
const styles = withManageCard(local as Readonly<Record<string, string>>, { card: 'card', cardTitle: 'cardTitle', table: 'table' });
export default styles;
