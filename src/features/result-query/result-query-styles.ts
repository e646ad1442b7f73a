import { withCardPage } from '../../ui/card-page';
import local from './result-query.module.css';

/** 结果查询's classes, the shared one-card frame joined in. */
const styles = withCardPage(local);
export default styles;
