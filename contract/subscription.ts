import { z } from 'zod/mini';
import { timestamp } from './fields';
import { defineOperation, errors } from './operation';

/**
 * The user's subscription (`/user/subscription`, docs/product.md#subscription-and-plan-limits): the
 * plan, whether a payment method is on file, and what the plan includes. No payment provider is in
 * scope: the page says so rather than offer a button that does nothing.
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

/** The plans' names as billing shows them (the same in every language). */
export const PLAN_LABELS: Record<Plan, string> = { free: 'Free', starter: 'Starter', pro: 'Pro', business: 'Business' };

/** A stored plan as one of PLANS: anything else (a plan retired since) is kept as Free. */
export const planOf = (value: string): Plan =>
  (PLANS as readonly string[]).includes(value) ? (value as Plan) : 'free';

/** The limits the API keeps: the rows of PLAN_INCLUDES that a change can run into. */
export const PLAN_LIMITS = ['projects', 'channelsPerProject', 'publicReports'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

/** How many more `limit` allows on `plan` beside `used`: Infinity for no limit, 0 for none (or a feature left out). */
export function roomLeft(plan: Plan, limit: PlanLimit, used = 0): number {
  const included = PLAN_INCLUDES[plan][limit];
  if (typeof included === 'boolean') return included ? Infinity : 0;
  return included === null ? Infinity : Math.max(0, included - used);
}

/** The first plan above `plan` that includes more of `limit` (what to offer), or null at the top. */
export function planAllowingMore(plan: Plan, limit: PlanLimit): Plan | null {
  const mine = roomLeft(plan, limit);
  return PLANS.slice(PLANS.indexOf(plan) + 1).find((other) => roomLeft(other, limit) > mine) ?? null;
}

/**
 * A change the caller's plan does not include (a project more than it allows, a channel more on a
 * full project, a public report link): `planLimit` names the limit, the plan and what it includes,
 * for a client to word; `message` says it and which plan allows more, in the caller's language.
 */
export const PlanLimitErrorBodySchema = z
  .object({
    message: z.string(),
    planLimit: z.object({
      limit: z.enum(PLAN_LIMITS),
      plan: z.enum(PLANS),
      included: z.union([z.number(), z.boolean()]),
    }),
  })
  .register(z.globalRegistry, { id: 'PlanLimitError' });
export type PlanLimitErrorBody = z.infer<typeof PlanLimitErrorBodySchema>;

/** The 403 of an operation that can run into a plan's limit, for its `responses`. */
export const planLimitResponse = {
  403: {
    description:
      "The caller's plan includes no more of this (`planLimit` names the limit, the plan and what it includes; " +
      'GET /v1.0/subscription lists them all).',
    body: PlanLimitErrorBodySchema,
  },
} as const;

const IncludesSchema = z.object({
  projects: z.nullable(z.number()),
  channelsPerProject: z.nullable(z.number()),
  publicReports: z.boolean(),
  prioritySupport: z.boolean(),
});

/** A coupon's discount the user redeemed (at sign-up), while it runs: from redeeming it to `endsAt`. */
export const DiscountSchema = z.object({
  coupon: z.string(),
  discountPercent: z.number().check(z.int()),
  durationMonths: z.number().check(z.int()),
  redeemedAt: timestamp(),
  endsAt: timestamp(),
});
export type Discount = z.infer<typeof DiscountSchema>;

export const SubscriptionSchema = z
  .object({
    plan: z.object({ id: z.string(), label: z.string() }),
    hasPaymentMethod: z.boolean(),
    includes: IncludesSchema,
    /** The discounts still running, the one ending first first; none is an empty list. */
    discounts: z.array(DiscountSchema),
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
