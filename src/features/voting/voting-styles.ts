import { withPage } from '../../ui/page-styles';
import { withTable } from '../../ui/table-styles';
import local from './voting.module.css';

/** The voting screens' classes, the shared page frame and data table joined in (see withPage, withTable). */
const styles = withTable(withPage(local, { page: 'page', head: 'head', panel: 'panel', templateGrid: 'cardGrid', editor: 'sideLayout' }), { table: 'table' });
export default styles;
