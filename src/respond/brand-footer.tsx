import { brandFromHost } from '../../schemas/brands';

/** "接龙通 提供技术支持": the brand of the host the page was opened from (spec §1), as every other page names it. */
export function BrandFooter() {
  return <footer className="r-foot">{brandFromHost(location.host).name} 提供技术支持</footer>;
}
