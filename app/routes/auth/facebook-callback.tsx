import { replace } from '@remix-run/react';
import { FACEBOOK_RETURNS, finishFacebook, withFacebookProblem } from '~/features/auth/facebook';
import { requireGuest } from '~/features/auth/guards';
import { afterSignUp } from '~/features/auth/sign-up';
import { paths } from '~/lib/paths';
import { failureToSay } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

/**
 * Where Facebook sends the browser back after signing in or up with it
 * (`/auth/:return/callback`, contract/oauth.ts OAUTH_RETURN_PATHS; decision 068), as a
 * connection's return has its own (app/routes/integrations/callback.tsx). The code is spent once,
 * and the browser goes on: signed in, to where it was going (sign-up: to its first project);
 * else back to the page it started from, with the problem to show in that page's address. The
 * return's own address leaves the history (`replace`), so a reload or Back never sends a spent
 * code again. No screen of its own.
 */
export async function clientLoader({ request, params }: { request: Request; params: { return?: string } }) {
  const kind = params.return;
  const purpose =
    kind !== undefined && Object.hasOwn(FACEBOOK_RETURNS, kind)
      ? FACEBOOK_RETURNS[kind as keyof typeof FACEBOOK_RETURNS]
      : undefined;
  if (!purpose) throw new Response('Not Found', { status: 404 });
  // Signed in already (another tab finished first): nothing to spend the code on.
  await requireGuest(request);
  const outcome = await finishFacebook(purpose, new URL(request.url).searchParams).catch((error: unknown) => {
    // Only the API in maintenance comes this far: to its page.
    failureToSay(error, request);
    throw error;
  });
  if (purpose === 'sign-in') {
    if (outcome.signedIn) throw replace(outcome.returnUrl);
    throw replace(withFacebookProblem(paths.login(outcome.returnUrl), outcome.problem));
  }
  if (outcome.signedIn && !outcome.newAccount) {
    // They had signed up with this Facebook account before: signed in to it, as sign-in would.
    snackbar.show('facebook.alreadySignedUp', 'success');
    throw replace(paths.home());
  }
  if (outcome.signedIn) {
    await afterSignUp(outcome.coupon);
    throw replace(paths.newProject());
  }
  throw replace(withFacebookProblem(paths.register(outcome.coupon), outcome.problem));
}
