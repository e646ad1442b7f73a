import { withPage } from '../../ui/page-styles';
import { withTable } from '../../ui/table-styles';
import local from './report.module.css';

/** The report screens' classes, the shared page frame and data table joined in (see withPage, withTable). */
const styles = withTable(withPage(local, { page: 'page', head: 'head', headMain: 'headMain', meta: 'meta', headActions: 'actions', card: 'panel' }), {
  statTable: 'table',
});
export default styles;
