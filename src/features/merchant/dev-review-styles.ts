import { withToolPage } from '../../ui/page-styles';
import local from './dev-review.module.css';

/** The merchant review tool's classes, the shared tool frame joined in (see withToolPage). */
const styles = withToolPage(local, { page: 'page', head: 'head', title: 'title', subtitle: 'subtitle', panel: 'panel', table: 'table' });
export default styles;
