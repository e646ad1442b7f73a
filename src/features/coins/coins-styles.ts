import { withPage } from '../../ui/page-styles';
import local from './coins.module.css';

/** The coin screens' classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', panel: 'panel' });
export default styles;
