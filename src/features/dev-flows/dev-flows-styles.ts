import { withPage, withToolPage } from '../../ui/page-styles';
import local from './dev-flows.module.css';

/** The flow simulator's classes, the shared tool frame and the side layout joined in (see withToolPage, withPage). */
const styles = withPage(withToolPage(local, { page: 'page', head: 'head', title: 'title', subtitle: 'subtitle' }), { layout: 'sideLayout' });
export default styles;
