import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Card } from '~/components/ui/card';
import { PageHeader } from '~/components/ui/page-header';
import { requireUser } from '~/features/auth/guards';
import { getSubscription } from '~/features/subscription/api';
import { pageTitle } from '~/lib/i18n';
import { throwRouteError } from '~/lib/route-errors';

/**
 * The user's subscription (issue 13): the plan, whether a payment method is on file, and what the
 * plan includes. No payment provider is in scope, and the page says so plainly instead of
 * offering a button that would do nothing.
 */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  try {
    return { subscription: await getSubscription() };
  } catch (error) {
    throwRouteError(error, request);
  }
}

function Tick({ yes }: { yes: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={`size-5 ${yes ? 'text-success' : 'text-fg-subtle'}`}
    >
      {yes ? (
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      ) : (
        <path d="M5 10a1 1 0 0 1 1-1h8a1 1 0 1 1 0 2H6a1 1 0 0 1-1-1Z" />
      )}
    </svg>
  );
}

export default function SubscriptionRoute() {
  const { t, i18n } = useTranslation();
  const { subscription } = useLoaderData<typeof clientLoader>();
  const number = new Intl.NumberFormat(i18n.language);
  const { includes } = subscription;
  const limit = (value: number | null) => (value === null ? t('subscription.unlimited') : number.format(value));
  const rows = [
    { label: t('subscription.projects'), value: limit(includes.projects) },
    { label: t('subscription.channelsPerProject'), value: limit(includes.channelsPerProject) },
    { label: t('subscription.publicReports'), yes: includes.publicReports },
    { label: t('subscription.prioritySupport'), yes: includes.prioritySupport },
  ];
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('subscription.title')} subtitle={t('subscription.subtitle')} />
      <Card headingLevel={2} title={t('subscription.planTitle')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-fg-muted">{t('subscription.plan')}</dt>
            <dd className="mt-1">
              <Badge tone="primary" size="md">
                {subscription.plan.label}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t('subscription.paymentMethod')}</dt>
            <dd className="mt-1 font-medium text-fg">
              {subscription.hasPaymentMethod ? t('subscription.onFile') : t('subscription.noneOnFile')}
            </dd>
          </div>
        </dl>
      </Card>
      <Card headingLevel={2} title={t('subscription.includesTitle', { plan: subscription.plan.label })}>
        <table className="w-full text-sm">
          <caption className="sr-only">{t('subscription.includesTitle', { plan: subscription.plan.label })}</caption>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="py-2.5 pr-4 text-left font-normal text-fg-muted">
                  {row.label}
                </th>
                <td className="py-2.5 text-right font-medium text-fg">
                  {'value' in row ? (
                    row.value
                  ) : (
                    <span className="inline-flex items-center gap-1.5">
                      <Tick yes={row.yes!} />
                      {row.yes ? t('subscription.included') : t('subscription.notIncluded')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Alert tone="info" title={t('subscription.changeTitle')}>
        {t('subscription.changeText')}
      </Alert>
    </div>
  );
}

export function meta() {
  return pageTitle('subscription.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
