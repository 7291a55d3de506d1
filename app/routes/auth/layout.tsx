import { Outlet, useParams } from '@remix-run/react';
import { GuestFrame } from '~/components/guest-frame';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { requireGuest } from '~/features/auth/guards';
import { InfoPanel } from '~/features/auth/info-panel';
import { isPromoCoupon, PromoPanel } from '~/features/auth/promo-panel';

/** Guests only: sign-in, sign-up and password recovery, in the guest frame. */
export async function clientLoader({ request }: { request: Request }) {
  await requireGuest(request);
  return null;
}

/**
 * The info panel, or sign-up's promo panel when its route carries the promo coupon
 * (docs/product.md#sign-up-and-coupons):
 * the offer is what a campaign visitor came for, so on a phone it comes before the form.
 */
export default function GuestLayout() {
  const promo = isPromoCoupon(useParams().coupon);
  return (
    <GuestFrame aside={promo ? <PromoPanel /> : <InfoPanel />} asideFirstOnPhone={promo}>
      <Outlet />
    </GuestFrame>
  );
}

export function ErrorBoundary() {
  return (
    <GuestFrame aside={<InfoPanel />}>
      <RouteErrorBoundary />
    </GuestFrame>
  );
}
