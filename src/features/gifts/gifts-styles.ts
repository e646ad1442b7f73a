import { withPage } from '../../ui/page-styles';
import local from './gifts.module.css';

/** The gift centre's classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', headMain: 'headMain', intro: 'intro', panel: 'panel' });
export default styles;
