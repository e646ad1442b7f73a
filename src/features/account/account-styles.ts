import { withPage } from '../../ui/page-styles';
import local from './account.module.css';

/** The account screen's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', section: 'panel' });
export default styles;
