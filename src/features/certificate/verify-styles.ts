import { withCardPage } from '../../ui/card-page';
import local from './verify.module.css';

/** 证书验证's classes, the shared one-card frame joined in. */
const styles = withCardPage(local);
export default styles;
