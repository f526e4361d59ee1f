import { useState } from 'react';
import { DEMO_BANNER_WORDS } from '../../shared/demo-mode';
import type { ShopFace } from '../../shared/ipc/views';
import { isShowableLogo } from '../common/logo-source';
import './shop-brand.css';

/**
 * The shop's logo and name, as the shop wants to be seen: large on the welcome screen, small
 * above what to pay while a payment is shown. A logo that cannot be shown (none, refused, or
 * failing to load) leaves the name alone, never a broken image.
 */
export function ShopBrand({ shop, size }: { shop: ShopFace; size: 'large' | 'small' }) {
  const [failed, setFailed] = useState<string | null>(null);
  const logo = isShowableLogo(shop.shopLogo) && failed !== shop.shopLogo ? shop.shopLogo : null;
  const name = shop.shopName.trim();
  if (!logo && !name) return null;
  return (
    <div className={`cd-brand cd-brand-${size}`} data-testid="shop-brand">
      {logo ? (
        <img
          className="cd-brand-logo"
          src={logo}
          alt={name ? `${name} logo` : 'Shop logo'}
          data-testid="shop-logo"
          onError={() => setFailed(logo)}
        />
      ) : null}
      {name && size === 'small' ? <span className="cd-brand-name">{name}</span> : null}
    </div>
  );
}

/** Demo mode: every screen says plainly that no real payment is taken. */
export function DemoBanner() {
  return (
    <p className="cd-demo-banner" data-testid="demo-banner" role="note">
      {DEMO_BANNER_WORDS}
    </p>
  );
}
