import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import * as sandboxMautic from '../../contract/sandbox/mautic';
import { SANDBOX_MAUTIC_CLIENT } from '../config';
import type { AppEnv, Services } from '../http/context';
import { FORM, readForm, withParams } from '../http/form-body';
import { sameSecret } from '../security/same-secret';
import { reply, route } from '../http/operation';
import { mauticRedirectUri } from './presenters';
import { consentPage, errorPage, sandboxPagePolicy } from './sandbox-pages';

/** Mautic's own lifetimes: an authorization code for moments, an access token for an hour. */
export const SANDBOX_CODE_TTL_MS = 60_000;
export const SANDBOX_ACCESS_TOKEN_SECONDS = 3600;
/** Codes nobody exchanged are forgotten past this many (a sandbox left open in a tab for weeks). */
const MAX_PENDING_CODES = 1000;

type IssuedCode = { clientId: string; redirectUri: string; expiresAt: number };

/**
 * The sandbox Mautic (contract/sandbox/mautic.ts): the authorize page, its answer, and the token
 * endpoint, with Mautic's rules for each. Codes live in this instance's memory, which is what a
 * sandbox on one machine needs; a restart forgets them as an expired code is forgotten.
 */
export function mauticSandboxRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  // The client registered at the sandbox: the configured one when it is the sandbox's.
  const client = s.config.mautic?.sandbox ? s.config.mautic : SANDBOX_MAUTIC_CLIENT;
  const registeredRedirectUri = mauticRedirectUri(s.config);
  const codes = new Map<string, IssuedCode>();

  /** Why a request must not go back to `redirectUri`, if it must not. */
  const refusal = (clientId: string | undefined, redirectUri: string | undefined) =>
    clientId !== client.clientId
      ? 'No client has this client_id.'
      : redirectUri !== registeredRedirectUri
        ? "This redirect_uri is not the client's registered one."
        : undefined;

  const showError = (c: Context, problem: string) =>
    c.html(errorPage(problem), 400, { 'Content-Security-Policy': sandboxPagePolicy() });

  function issueCode(redirectUri: string): string {
    const now = s.clock();
    for (const [code, issued] of codes) if (issued.expiresAt <= now) codes.delete(code);
    while (codes.size >= MAX_PENDING_CODES) codes.delete(codes.keys().next().value!);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { clientId: client.clientId, redirectUri, expiresAt: now + SANDBOX_CODE_TTL_MS });
    return code;
  }

  route(routes, s, sandboxMautic.showMauticSandboxAuthorize, (c, { query }) => {
    const problem = refusal(query.client_id, query.redirect_uri);
    if (problem) return showError(c, problem);
    const redirectUri = query.redirect_uri!;
    if (query.response_type !== 'code') {
      return c.redirect(withParams(redirectUri, { error: 'unsupported_response_type', state: query.state }), 303);
    }
    return c.html(consentPage({ clientId: client.clientId, redirectUri, state: query.state }), 200, {
      'Content-Security-Policy': sandboxPagePolicy([new URL(redirectUri).origin]),
    });
  });

  // Registered by hand rather than with route(): the bodies are form-encoded, as a browser's
  // form and RFC 6749 send them, which route()'s JSON reading refuses.
  routes.post(sandboxMautic.decideMauticSandboxAuthorize.path, async (c) => {
    const form = await readForm(c);
    const parsed = z.safeParse(sandboxMautic.decideMauticSandboxAuthorize.body, form ?? {});
    if (!parsed.success) return showError(c, 'The consent form came back incomplete.');
    const { client_id: clientId, redirect_uri: redirectUri, state, decision } = parsed.data;
    const problem = refusal(clientId, redirectUri);
    if (problem) return showError(c, problem);
    if (decision === 'deny') {
      return c.redirect(
        withParams(redirectUri, { error: 'access_denied', error_description: 'The user denied access.', state }),
        303,
      );
    }
    return c.redirect(withParams(redirectUri, { code: issueCode(redirectUri), state }), 303);
  });

  routes.post(sandboxMautic.exchangeMauticSandboxCode.path, async (c) => {
    const oauthError = (status: 400 | 401, error: string, description: string) =>
      reply(c, sandboxMautic.exchangeMauticSandboxCode, status, { error, error_description: description });
    const form = await readForm(c);
    if (!form) return oauthError(400, 'invalid_request', `The body must be form-encoded (${FORM}).`);
    const parsed = z.safeParse(sandboxMautic.exchangeMauticSandboxCode.body, form);
    if (!parsed.success) {
      const missing = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      return oauthError(400, 'invalid_request', `Missing ${missing}.`);
    }
    const body = parsed.data;
    if (body.grant_type !== 'authorization_code') {
      return oauthError(400, 'unsupported_grant_type', 'Only authorization_code is supported here.');
    }
    if (body.client_id !== client.clientId || !sameSecret(body.client_secret, client.clientSecret)) {
      return oauthError(401, 'invalid_client', 'The client credentials are invalid.');
    }
    const issued = codes.get(body.code);
    // Single use: a code presented once is gone, whatever the outcome.
    codes.delete(body.code);
    if (
      !issued ||
      issued.expiresAt <= s.clock() ||
      issued.clientId !== body.client_id ||
      issued.redirectUri !== body.redirect_uri
    ) {
      return oauthError(400, 'invalid_grant', 'The authorization code is invalid, expired or already used.');
    }
    return reply(c, sandboxMautic.exchangeMauticSandboxCode, 200, {
      access_token: randomBytes(32).toString('base64url'),
      expires_in: SANDBOX_ACCESS_TOKEN_SECONDS,
      token_type: 'bearer',
      scope: null,
      refresh_token: randomBytes(32).toString('base64url'),
    });
  });

  return routes;
}
