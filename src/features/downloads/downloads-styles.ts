import { withPage } from '../../ui/page-styles';
import local from './downloads.module.css';

/** The 我的下载 screen's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', panel: 'panel' });
export default styles;
