import { Outlet } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { requireAdmin } from '~/features/auth/guards';

/**
 * Admins only (docs/product.md#access), inside the signed-in chrome: a guest goes to sign in, a
 * signed-in user without the role meets the not-found page, and no admin data is loaded for either.
 */
export async function clientLoader({ request }: { request: Request }) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
