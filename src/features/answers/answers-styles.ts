import { withPage } from '../../ui/page-styles';
import local from './answers.module.css';

/** The answer-list screens' classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', intro: 'intro', panel: 'panel' });
export default styles;
