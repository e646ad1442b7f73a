import { CalendarClock, ImageIcon, ShoppingBag } from 'lucide-react';
import { ProductsField } from '../fields';
import styles from '../preview.module.css';
import { yuan } from '../preview-parts';
import { AppointmentFields, AppointmentPreview } from './appointment-schedule';
import type { Look } from './look-types';

// 收款与预约: each fits one project type (schemas/subjects/subject-types.ts fitsProjectType), so the palette's group
// is named after the one that fits when only one does.

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
            {product.spec ? <small>{product.spec}</small> : null}
            <em>{yuan(product.price)}</em>
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
