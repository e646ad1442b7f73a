import { withPage } from '../../ui/page-styles';
import local from './ai-analysis.module.css';

/** The analysis page's classes with the shared page frame joined in. */
const styles = withPage(local, { page: 'page', head: 'head', headMain: 'headMain', meta: 'meta', chat: 'panel', finding: 'panel' });
export default styles;
