import { withPage } from '../../ui/page-styles';
import local from './report.module.css';

/** The report screens' classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', headMain: 'headMain', meta: 'meta', headActions: 'actions', card: 'panel' });
export default styles;
