import { NotFoundState } from '~/components/error-boundary';
import { PublicPage } from '~/components/public-page';
import { pageTitle } from '~/lib/i18n';

/**
 * /404 and every unknown path (docs/product.md#not-found): the not-found page with its way back to
 * the dashboard.
 */
export default function NotFoundRoute() {
  return (
    <PublicPage>
      <NotFoundState />
    </PublicPage>
  );
}

export function meta() {
  return pageTitle('notFound.title');
}
