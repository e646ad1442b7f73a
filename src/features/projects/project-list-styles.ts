import { withPage } from '../../ui/page-styles';
import local from './project-list.module.css';

/** The project lists' classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', panel: 'panel', grid: 'cardGrid' });
export default styles;
