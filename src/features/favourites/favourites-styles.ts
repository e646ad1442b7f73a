import { withPage } from '../../ui/page-styles';
import local from './favourites.module.css';

/** The 我的收藏 screen's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', panel: 'panel', cardGrid: 'cardGrid' });
export default styles;
