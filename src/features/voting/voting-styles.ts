import { withPage } from '../../ui/page-styles';
import local from './voting.module.css';

/** The voting screens' classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', panel: 'panel', templateGrid: 'cardGrid' });
export default styles;
