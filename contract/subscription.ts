import { z } from 'zod/mini';
import { defineOperation, errors } from './operation';

/**
 * The user's subscription (issue 13, `/user/subscription`): the plan, whether a payment method is
 * on file, and what the plan includes. No payment provider is in scope: the page says so rather
 * than offer a button that does nothing.
 */
const tag = 'Subscription';

export const PLANS = ['free', 'starter', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

/** What each plan includes; `null` is no limit. One table for the API and the page. */
export const PLAN_INCLUDES: Record<
  Plan,
  { projects: number | null; channelsPerProject: number | null; publicReports: boolean; prioritySupport: boolean }
> = {
  free: { projects: 2, channelsPerProject: 3, publicReports: false, prioritySupport: false },
  starter: { projects: 5, channelsPerProject: 10, publicReports: true, prioritySupport: false },
  pro: { projects: 20, channelsPerProject: 25, publicReports: true, prioritySupport: true },
  business: { projects: null, channelsPerProject: null, publicReports: true, prioritySupport: true },
};

const IncludesSchema = z.object({
  projects: z.nullable(z.number()),
  channelsPerProject: z.nullable(z.number()),
  publicReports: z.boolean(),
  prioritySupport: z.boolean(),
});

export const SubscriptionSchema = z
  .object({
    plan: z.object({ id: z.string(), label: z.string() }),
    hasPaymentMethod: z.boolean(),
    includes: IncludesSchema,
  })
  .register(z.globalRegistry, { id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const showSubscription = defineOperation({
  method: 'GET',
  path: '/v1.0/subscription',
  summary: "The signed-in user's plan, payment method on file, and what the plan includes",
  tag,
  access: 'user',
  responses: { 200: { description: 'The subscription.', body: SubscriptionSchema }, ...errors(401) },
});
