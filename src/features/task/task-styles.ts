import { withPage } from '../../ui/page-styles';
import local from './task.module.css';

/** The task centre's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', panel: 'panel' });
export default styles;
