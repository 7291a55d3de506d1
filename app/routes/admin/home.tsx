import { redirect } from '@remix-run/react';
import { requireAdmin } from '~/features/auth/guards';
import { paths } from '~/lib/paths';

/** /admin opens the support page (docs/product.md#screens). */
export async function clientLoader({ request }: { request: Request }) {
  // Loaders run beside their layout's: without its guard this redirect would win for anybody.
  await requireAdmin(request);
  throw redirect(paths.adminSupport());
}

export default function AdminHome() {
  return null;
}
