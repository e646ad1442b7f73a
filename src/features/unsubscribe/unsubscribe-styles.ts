import { withCardPage } from '../../ui/card-page';
import local from './unsubscribe.module.css';

/** 退订's classes, the shared one-card frame joined in. */
const styles = withCardPage(local);
export default styles;
