import { describe, expect, it } from 'vitest';
import { HttpError } from './http';
import { hasRoom, planLimitMessage, planLimitRefusal } from './plan-limits';

describe('plan limits in the app', () => {
  it('name what the plan includes and the first plan that includes more, from PLAN_INCLUDES', () => {
    expect(planLimitMessage('free', 'projects')).toEqual({
      key: 'subscription.limits.projects',
      values: { plan: 'Free', included: 2, count: 2, next: 'Starter', more: 5 },
    });
    expect(planLimitMessage('pro', 'channelsPerProject')).toMatchObject({
      key: 'subscription.limits.channelsPerProjectNoLimit',
      values: { plan: 'Pro', included: 25, next: 'Business' },
    });
    expect(planLimitMessage('free', 'publicReports')).toMatchObject({
      key: 'subscription.limits.publicReports',
      values: { plan: 'Free', next: 'Starter' },
    });
    // A plan the table does not know is Free's.
    expect(planLimitMessage('legacy', 'projects').values.plan).toBe('Free');
  });

  it("read the API's 403, and nothing else, as a plan's limit", () => {
    const body = { message: '…', planLimit: { limit: 'projects', plan: 'starter', included: 5 } };
    expect(planLimitRefusal(new HttpError(403, body))).toMatchObject({
      key: 'subscription.limits.projects',
      values: { plan: 'Starter', included: 5, next: 'Pro', more: 20 },
    });
    expect(planLimitRefusal(new HttpError(403, { message: 'Forbidden.' }))).toBeNull();
    expect(planLimitRefusal(new HttpError(409, body))).toBeNull();
    expect(planLimitRefusal(new Error('x'))).toBeNull();
  });

  it('say early whether there is room', () => {
    expect(hasRoom('free', 'projects', 1)).toBe(true);
    expect(hasRoom('free', 'projects', 2)).toBe(false);
    expect(hasRoom('business', 'projects', 10_000)).toBe(true);
    expect(hasRoom('free', 'publicReports')).toBe(false);
    expect(hasRoom('starter', 'publicReports')).toBe(true);
  });
});
