import { useLoaderData } from '@remix-run/react';
import { Trans, useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Card } from '~/components/ui/card';
import { PageHeader } from '~/components/ui/page-header';
import { requireUser } from '~/features/auth/guards';
import { getSubscription } from '~/features/subscription/api';
import { dateTimeFormat, numberFormat } from '~/lib/format';
import { PLAN_INCLUDES, PLAN_LABELS, PLANS } from '~contract/subscription';
import { pageTitle } from '~/lib/i18n';
import { throwRouteError } from '~/lib/route-errors';
import { env } from '~/lib/env';
import { textLinkClass } from '~/components/ui/text-link';
import type { Discount } from '~contract/subscription';

/**
 * The user's subscription (docs/product.md#subscription-and-plan-limits): the plan, whether a
 * payment method is on file, and what the plan includes. No payment provider is in scope, and the
 * page says so plainly instead of offering a button that would do nothing.
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

/**
 * Every plan side by side, from the contract's one table (the limits the API keeps, decision
 * 031): where a refusal's "Starter includes 5" can be read in full.
 */
function PlansCompared({ current }: { current: string }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const cell = (value: number | boolean | null) =>
    typeof value === 'boolean' ? (
      <span className="inline-flex items-center gap-1.5">
        <Tick yes={value} />
        {/* A phone has room for the marks only: the words stay for assistive technology. */}
        <span className="sr-only sm:not-sr-only">
          {value ? t('subscription.included') : t('subscription.notIncluded')}
        </span>
      </span>
    ) : value === null ? (
      t('subscription.unlimited')
    ) : (
      number.format(value)
    );
  const rows = [
    { key: 'projects', label: t('subscription.projects') },
    { key: 'channelsPerProject', label: t('subscription.channelsPerProject') },
    { key: 'publicReports', label: t('subscription.publicReports') },
    { key: 'prioritySupport', label: t('subscription.prioritySupport') },
  ] as const;
  return (
    <Card headingLevel={2} title={t('subscription.compareTitle')}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('subscription.compareTitle')}</caption>
          <thead>
            <tr className="border-b border-line">
              <td />
              {PLANS.map((plan) => (
                <th key={plan} scope="col" className="px-1.5 py-2.5 text-right font-semibold text-fg sm:px-2">
                  {PLAN_LABELS[plan]}
                  {plan === current ? (
                    <span className="block text-xs font-normal text-fg-muted">{t('subscription.planTitle')}</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-2.5 pr-2 text-left font-normal text-fg-muted sm:pr-4">
                  {row.label}
                </th>
                {PLANS.map((plan) => (
                  <td key={plan} className="px-1.5 py-2.5 text-right font-medium whitespace-nowrap text-fg sm:px-2">
                    {cell(PLAN_INCLUDES[plan][row.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** "15% off with the coupon marketing-espresso-15, until 26 February 2027": the code as the promo shows it. */
function DiscountLine({ discount }: { discount: Discount }) {
  const { t, i18n } = useTranslation();
  return t('subscription.discountText', {
    percent: numberFormat(i18n.language, { style: 'percent' }).format(discount.discountPercent / 100),
    coupon: discount.coupon,
    date: dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(discount.endsAt)),
  });
}

export default function SubscriptionRoute() {
  const { t, i18n } = useTranslation();
  const { subscription } = useLoaderData<typeof clientLoader>();
  const number = numberFormat(i18n.language);
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
          {subscription.discounts.length > 0 ? (
            <div className="sm:col-span-2">
              <dt className="text-sm text-fg-muted">{t('subscription.discount')}</dt>
              {subscription.discounts.map((discount) => (
                <dd key={discount.coupon} className="mt-1 font-medium text-fg">
                  <DiscountLine discount={discount} />
                </dd>
              ))}
            </div>
          ) : null}
        </dl>
      </Card>
      <Card headingLevel={2} title={t('subscription.includesTitle', { plan: subscription.plan.label })}>
        <table className="w-full text-sm">
          <caption className="sr-only">{t('subscription.includesTitle', { plan: subscription.plan.label })}</caption>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="py-2.5 pr-2 text-left font-normal text-fg-muted sm:pr-4">
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
      <PlansCompared current={subscription.plan.id} />
      <Alert tone="info" title={t('subscription.changeTitle')}>
        <Trans
          i18nKey="subscription.changeText"
          values={{ email: env.supportEmail }}
          components={{
            // Trans fills the anchor with the address.
            // eslint-disable-next-line jsx-a11y/anchor-has-content
            support: <a href={`mailto:${env.supportEmail}`} className={textLinkClass} />,
          }}
        />
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
