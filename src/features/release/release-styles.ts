import { withPage } from '../../ui/page-styles';
import local from './release.module.css';

/** The release screen's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', headMain: 'headMain', meta: 'meta', actions: 'actions', card: 'panel' });
export default styles;
