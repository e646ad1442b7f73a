import { brandFromHost, type TBrand } from '../../schemas/brands';

/** The brand of this page, chosen from the host name it was opened from (spec §1). */
export function currentBrand(): TBrand {
  return brandFromHost(typeof location === 'undefined' ? '' : location.host);
}
