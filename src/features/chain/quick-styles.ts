import shared from '../../ui/quick-start.module.css';
import own from './chain-quick-start.module.css';

/**
 * The quick chain screens' classes: the quick-start ones every phone start shares (src/ui/quick-start.module.css,
 * also the vote's and the 收款 page's), with the chain's own (hint, product and pick-up rows) joined in.
 */
const styles: Readonly<Record<string, string>> = { ...shared, ...own };
export default styles;
