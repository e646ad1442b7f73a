import { withManageCard } from '../../ui/manage-card';
import { withPage } from '../../ui/page-styles';
import local from './contacts.module.css';

/** The 通讯录 screen's classes, with the shared page frame, card and table joined in. */
const framed = withPage(local as Readonly<Record<string, string>>, { page: 'page', head: 'head', intro: 'intro', sideLayout: 'sideLayout' });
const styles = withManageCard(framed, { card: 'card', side: 'card', table: 'table' });
export default styles;
