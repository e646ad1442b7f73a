import { CalendarClock, ImageIcon, ShoppingBag } from 'lucide-react';
import { specsOf } from '../../../schemas/subjects/types/product-specs';
import { ProductsField } from '../fields';
import styles from '../preview.module.css';
import { yuan } from '../preview-parts';
import { AppointmentFields, AppointmentPreview } from './appointment-schedule';
import type { Look } from './look-types';

// 收款与预约: each fits one project type (schemas/subjects/subject-types.ts fitsProjectType), so the palette's group
// is named after the one that fits when only one does.

type TPreviewProduct = Parameters<typeof specsOf>[0];
/** 规格：S码 / M码 / L码, or the one spec's name. */
const specNames = (p: TPreviewProduct) => {
  const names = specsOf(p)
    .map((s) => s.name)
    .filter(Boolean);
  return names.length > 1 ? `规格：${names.join(' / ')}` : (names[0] ?? '');
};
/** ¥59.00, or ¥59.00 起 when the specs differ in price. */
const priceRange = (p: TPreviewProduct) => {
  const prices = specsOf(p).map((s) => s.price);
  const low = Math.min(...prices);
  return low === Math.max(...prices) ? yuan(low) : `${yuan(low)} 起`;
};

export const product: Look<'product'> = {
  icon: ShoppingBag,
  palette: { group: '收款与预约', at: 0, aloneGroupName: '收款' },
  Preview: ({ subject }) => (
    <div className={styles.products}>
      {subject.products.map((product) => (
        <div key={product.uuid} className={styles.product}>
          <span className={styles.productImage}>{product.image ? <img src={product.image} alt="" /> : <ImageIcon size={20} aria-hidden />}</span>
          <span className={styles.productText}>
            <strong>{product.title || '未命名商品'}</strong>
            {specNames(product) ? <small>{specNames(product)}</small> : null}
            <em>{priceRange(product)}</em>
          </span>
          <span className={styles.stepper}>－ 0 ＋</span>
        </div>
      ))}
    </div>
  ),
  fields: ({ subject, commit }) => [<ProductsField key="products" products={subject.products} commit={commit('products')} />],
};

export const appointment: Look<'appointment'> = {
  icon: CalendarClock,
  palette: { group: '收款与预约', at: 1, aloneGroupName: '预约' },
  Preview: AppointmentPreview,
  // The date range goes with the weekdays and times: a project's schedule replaces all of them.
  ownFields: ['startDate', 'endDate'],
  fields: (ctx) => [<AppointmentFields key="slots" {...ctx} />],
};
