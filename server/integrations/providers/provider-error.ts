import { JOB_FAILURE_REASONS, type JobFailureReason, type Provider } from '../../../contract/fields';

/**
 * Why a provider call gave nothing usable (decision 025), as the product acts on it:
 * - `expired`: the access token no longer works (expired, or the person logged out there): the
 *   account needs reconnecting;
 * - `revoked`: a permission the call needs was withdrawn or never granted: reconnect, granting it;
 * - `rateLimited`: the provider asks us to slow down: try again later;
 * - `refused`: an authorization code that is invalid, expired or used;
 * - `answer`: an answer we cannot read (its HTTP status kept); `unreachable`: no answer at all.
 * Never a thrown fetch error or a 500: the routes and the jobs turn each into a clear state.
 */
export type ProviderProblem = 'expired' | 'revoked' | 'rateLimited' | 'refused' | 'answer' | 'unreachable';

export class ProviderError extends Error {
  constructor(
    readonly provider: Provider,
    readonly problem: ProviderProblem,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
    /** The provider's own error code (Graph's `error.code`…): safe to log, unlike its message. */
    readonly providerCode?: number | string,
  ) {
    super(
      `${provider}: ${problem}${status ? ` (HTTP ${status}${providerCode !== undefined ? `, code ${providerCode}` : ''})` : ''}`,
    );
    this.name = 'ProviderError';
  }

  /** Whether the account should be marked as needing a reconnect. */
  get needsReconnect(): boolean {
    return this.problem === 'expired' || this.problem === 'revoked';
  }
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Long enough for a slow provider, short enough that nobody waits on a dead one. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** One call to a provider: its status and JSON body (null when not JSON), or `unreachable`. */
export async function providerFetch(
  provider: Provider,
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new ProviderError(provider, 'unreachable');
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/**
 * Why background work stopped, from what it last threw (contract/fields.ts): a provider that
 * took the grant back needs a reconnect; the rest is the provider's passing trouble. Anything
 * else is ours (undefined: "failed").
 */
export function jobFailureReason(error: unknown): JobFailureReason | undefined {
  if (!(error instanceof ProviderError)) return undefined;
  if (error.needsReconnect || error.problem === 'refused') return 'reconnect';
  if (error.problem === 'rateLimited') return 'rateLimited';
  if (error.problem === 'unreachable') return 'unreachable';
  return 'badAnswer';
}

/** A reason kept with a given-up job, read back (anything unknown is "failed"). */
export const asJobFailureReason = (reason: string | undefined): JobFailureReason =>
  JOB_FAILURE_REASONS.find((each) => each === reason) ?? 'failed';
