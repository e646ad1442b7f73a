import { withPage } from '../../ui/page-styles';
import local from './wechat-binding.module.css';

/** The binding screen's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', headMain: 'headMain', intro: 'intro', panel: 'panel', actions: 'actions' });
export default styles;
