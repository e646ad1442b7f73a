import { withToolPage } from '../../ui/page-styles';
import local from './dev-flows.module.css';

/** The flow simulator's classes, the shared tool frame joined in (see withToolPage). */
const styles = withToolPage(local, { page: 'page', head: 'head', title: 'title', subtitle: 'subtitle' });
export default styles;
