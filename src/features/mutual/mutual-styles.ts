import { withPage } from '../../ui/page-styles';
import local from './mutual.module.css';

/** The mutual space's classes, with the shared page frame joined in. */
const styles = withPage(local as Readonly<Record<string, string>>, {
  page: 'page',
  head: 'head',
  headMain: 'headMain',
  title: 'title',
  intro: 'intro',
  panel: 'panel',
});
export default styles;
