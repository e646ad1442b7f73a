import { withManageCard } from '../../ui/manage-card';
import local from './webhooks.module.css';

/** The 数据推送 screen's classes, with the shared manage card, table and form fields joined in. */
const styles = withManageCard(local as Readonly<Record<string, string>>, {
  card: 'card',
  hookCard: 'card',
  cardTitle: 'cardTitle',
  table: 'table',
  meta: 'meta',
  field: 'field',
  fieldLabel: 'fieldLabel',
  input: 'input',
});
export default styles;
