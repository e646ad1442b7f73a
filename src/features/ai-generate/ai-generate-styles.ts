import { withPage } from '../../ui/page-styles';
import local from './ai-generate.module.css';

/** The AI generation screens' classes, the shared page frame joined in (see withPage). */
const styles = withPage(local, { page: 'page', head: 'head', headMain: 'headMain', intro: 'intro', panel: 'panel', actions: 'actions' });
export default styles;
