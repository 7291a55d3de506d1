import type { ParseKeys } from 'i18next';
import { z } from 'zod/mini';
import * as subscription from '~contract/subscription';
import { PLAN_INCLUDES, PLAN_LABELS, PlanLimitErrorBodySchema, type PlanLimit } from '~contract/subscription';
import { HttpError } from './http';

/**
 * The plans' limits in the app's words (decision 031), from the contract's one table: what the
 * plan includes and which plan includes more, e.g. "Your Free plan includes 2 projects, all in
 * use. Starter includes 5." The same sentence says so before the user tries (a full project)
 * and when the API refuses (its 403 names the limit and the plan).
 */
export interface PlanLimitMessage {
  key: ParseKeys;
  values: Record<string, string | number>;
}

export function planLimitMessage(planId: string, limit: PlanLimit): PlanLimitMessage {
  const plan = subscription.planOf(planId);
  const next = subscription.planAllowingMore(plan, limit);
  const included = PLAN_INCLUDES[plan][limit];
  const more = next ? PLAN_INCLUDES[next][limit] : null;
  const tail = next === null ? 'Top' : more === null ? 'NoLimit' : '';
  return {
    key: `subscription.limits.${limit}${tail}` as ParseKeys,
    values: {
      plan: PLAN_LABELS[plan],
      included: typeof included === 'number' ? included : 0,
      // What picks the sentence's plural form ("1 project", "2 projects").
      count: typeof included === 'number' ? included : 0,
      next: next ? PLAN_LABELS[next] : '',
      more: typeof more === 'number' ? more : 0,
    },
  };
}

/** The limit an API refusal names (its 403 PlanLimitError), worded; null for any other failure. */
export function planLimitRefusal(error: unknown): PlanLimitMessage | null {
  if (!(error instanceof HttpError) || error.status !== 403) return null;
  const parsed = z.safeParse(PlanLimitErrorBodySchema, error.body);
  return parsed.success ? planLimitMessage(parsed.data.planLimit.plan, parsed.data.planLimit.limit) : null;
}

/** Whether `planId` leaves room for one more beside `used` (the API decides; this only says so early). */
export const hasRoom = (planId: string, limit: PlanLimit, used = 0) =>
  subscription.roomLeft(subscription.planOf(planId), limit, used) > 0;
