import type { Context } from 'hono';
import { Hono } from 'hono';
import * as facebookDeletion from '../../contract/facebook-deletion';
import { DELETION_STATUS_ID } from '../../contract/facebook-deletion';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { HttpError, ValidationError } from '../http/errors';
import { readBodyBytes } from '../http/json-body';
import { reply, route } from '../http/operation';
import { addressSubject, rateLimitCheck } from '../http/rate-limiter';
import { validate } from '../http/validation';
import { FACEBOOK_DATA_DELETION, workFacebookDataDeletion, type FacebookDataDeletionJob } from './job';
import { presentDeletionRequest, presentDeletionStatus } from './presenters';
import { findDeletionRequest, findOrInsertDeletionRequest } from './queries';
import { SIGNED_REQUEST_MAX_AGE_SECONDS, SignedRequestError, verifySignedRequest } from './signed-request';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Meta posts the callback form-encoded; JSON is taken too (a person trying it with curl, the
 * tests). Anything else is a 415 naming both; an empty body meets the field rules (422).
 */
async function readCallbackBody(c: Context): Promise<unknown> {
  const bytes = await readBodyBytes(c);
  if (bytes.length === 0) return {};
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'malformedJson');
  }
  if (type === FORM) {
    const signedRequest = new URLSearchParams(text).get('signed_request');
    return signedRequest === null ? {} : { signed_request: signedRequest };
  }
  if (type === 'application/json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HttpError(400, 'malformedJson');
    }
  }
  throw new HttpError(415, 'formOrJsonOnly');
}

/** Meta's data-deletion callback and the status page's look-up (contract/facebook-deletion.ts). */
export function facebookDeletionRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  workFacebookDataDeletion(s.jobs, s);

  // Registered by hand rather than with route(): the body is form-encoded, which route()'s
  // JSON reading refuses. The rest is what route() does: validate, then answer by the contract.
  routes.post(facebookDeletion.requestFacebookDeletion.path, async (c) => {
    // Only Meta holds the secret, so a refused request is someone guessing or flooding: each one
    // counts against the caller's address, and an accepted one is given back.
    const perIp = rateLimitCheck(
      'facebook_deletion',
      'ip',
      s.rateLimits.facebookDeletion.perIp,
      addressSubject(clientIp(c, s.config.trustProxy)),
    );
    await s.rateLimiter.enforce([perIp]);
    const body = validate(facebookDeletion.requestFacebookDeletion.body, await readCallbackBody(c));
    let userId: string;
    try {
      ({ userId } = verifySignedRequest(body.signed_request, s.config.facebookAppSecret, s.clock()));
    } catch (error) {
      if (error instanceof SignedRequestError) {
        throw new ValidationError([{ field: 'signed_request', rule: error.problem }]);
      }
      throw error;
    }
    await s.rateLimiter.refund([perIp]);

    // A signed request is taken for as long as it is current, so the same user's request within
    // that window is a repeat (Meta retrying, or a copy replayed): it gets the request it repeats,
    // with the same status link and code, and starts nothing new.
    const now = s.clock();
    const { request, created } = await findOrInsertDeletionRequest(
      s.db,
      userId,
      new Date(now),
      new Date(now - SIGNED_REQUEST_MAX_AGE_SECONDS * 1000),
    );
    if (created) {
      const job: FacebookDataDeletionJob = { requestId: request.id };
      await s.jobs.send(FACEBOOK_DATA_DELETION, job);
    }
    c.get('log').info({ requestId: request.id, repeated: !created }, 'facebook data deletion requested');
    return reply(c, facebookDeletion.requestFacebookDeletion, 200, presentDeletionRequest(request, s.config.appUrl));
  });

  // A malformed id gets the same answer as an unknown one, in the same words, before any query.
  routes.get(facebookDeletion.showFacebookDeletionStatus.path, async (c, next) => {
    if (!DELETION_STATUS_ID.test(c.req.param('id') ?? '')) throw new HttpError(404, 'facebookDeletionNotFound');
    await next();
  });
  route(routes, s, facebookDeletion.showFacebookDeletionStatus, async (c, { params }) => {
    const request = await findDeletionRequest(s.db, params.id);
    if (!request) throw new HttpError(404, 'facebookDeletionNotFound');
    return reply(c, facebookDeletion.showFacebookDeletionStatus, 200, presentDeletionStatus(request));
  });

  return routes;
}
