import { withToolPage } from '../../ui/page-styles';
import local from './dev-transfers.module.css';

/** The sandbox transfers tool's classes, the shared tool frame joined in (see withToolPage). */
const styles = withToolPage(local, { page: 'page', head: 'head', title: 'title', subtitle: 'subtitle', panel: 'panel', table: 'table' });
export default styles;
