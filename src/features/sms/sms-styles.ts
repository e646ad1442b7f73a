import { withManageCard } from '../../ui/manage-card';
import local from './sms.module.css';

/** The SMS screens' classes, with the shared manage card, table and form fields joined in. */
const styles = withManageCard(local as Readonly<Record<string, string>>, {
  card: 'card',
  cardTitle: 'cardTitle',
  table: 'table',
  meta: 'meta',
  field: 'field',
  fieldLabel: 'fieldLabel',
  input: 'input',
  textarea: 'textarea',
});
export default styles;
