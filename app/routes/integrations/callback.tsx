import { replace } from '@remix-run/react';
import { OAUTH_RETURN_PATHS, type OAuthReturn } from '~contract/oauth';
import { brandName } from '~/components/ui/brand-mark';
import type { User } from '~/features/auth/api';
import { requireUser } from '~/features/auth/guards';
import {
  linkedinOrganizationReturnUri,
  storeAccount,
  type AccountProvider,
  type StoreOutcome,
} from '~/features/integrations/api';
import { storeTiktokUser } from '~/features/projects/tiktok';
import { describeApiError, showApiError } from '~/lib/api-errors';
import { readOAuthReturn } from '~/lib/oauth-return';
import { paths } from '~/lib/paths';
import { failureToSay } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

/**
 * Where a provider sends the browser back after a connection (`/integrations/:return/callback`,
 * contract/oauth.ts OAUTH_RETURN_PATHS): the code is stored once, and the browser goes on to the
 * screen that shows what it brought, with what was stored in the address. The return's own
 * address leaves the history (`replace`), so a reload or Back never sends a spent code again (the
 * API would refuse its state anyway). No screen of its own.
 */

/** What one return stores, and where the browser goes on to: `stored` after success, `fallback` else. */
interface Return {
  brand: string;
  fallback: string;
  store: (code: string, state: string) => Promise<string>;
}

const accountReturn = (provider: AccountProvider): Return => ({
  brand: brandName(provider),
  fallback: paths.integrations(),
  store: async (code, state) => {
    const { account, outcome } = await storeAccount(provider, code, state);
    sayStored(provider, account.name, outcome, account.missingScopes);
    return paths.integrations(account._id);
  },
});

/** Stored and how (connected, reconnected…); scopes the user declined are named (the account's card offers them again). */
function sayStored(provider: AccountProvider, name: string, outcome: StoreOutcome, missingScopes: readonly string[]) {
  snackbar.show(`integrations.outcome.${outcome}`, 'success', { values: { name } });
  if (missingScopes.length > 0) {
    snackbar.show('integrations.missingScopes', 'warning', {
      values: { provider: brandName(provider), scopes: missingScopes.join(', ') },
    });
  }
}

const RETURNS: Partial<Record<OAuthReturn, Return>> = {
  'facebook-account': accountReturn('facebook'),
  'linkedin-account': accountReturn('linkedin'),
  // Stored with the project its state names; on to that project's channels, where the
  // organizations join as they arrive.
  'linkedin-organization': {
    brand: brandName('linkedin'),
    fallback: paths.integrations(),
    store: async (code, state) => {
      const { account, outcome, projectId } = await storeAccount(
        'linkedin',
        code,
        state,
        linkedinOrganizationReturnUri(),
      );
      sayStored('linkedin', account.name, outcome, account.missingScopes);
      if (!projectId) return paths.integrations(account._id);
      snackbar.show('projectChannels.linkedinJoining', 'info');
      return paths.projectChannels(projectId);
    },
  },
  // Into the project its state names; on to its channels, where the new user joins the list and
  // its import's progress shows on every page.
  'tiktok-user': {
    brand: 'TikTok',
    fallback: paths.projects(),
    store: async (code, state) => {
      const tiktokUser = await storeTiktokUser(code, state);
      snackbar.show('tiktokImport.started', 'info', { values: { name: tiktokUser.name } });
      return paths.projectChannels(tiktokUser.projectId);
    },
  },
};

const isReturn = (value: string | undefined): value is OAuthReturn =>
  value !== undefined && Object.hasOwn(OAUTH_RETURN_PATHS, value);

/**
 * Storing an account starts the jobs that announce its channels (decision 026): the page listens
 * first, so the screen hears the first of them. The return is a fresh page load, where the live
 * updates would otherwise start only once the screen is up. Not for long: without a socket (none
 * configured, offline), the code is stored all the same. Here, not in a feature: the live updates
 * are the shell's, above every feature.
 */
async function listenBeforeStoring(user: User) {
  try {
    const { openLiveSession } = await import('~/components/live-updates');
    await openLiveSession(user)?.whenSubscribed(3000);
  } catch {
    // The live updates could not load: the screen looks again on a timer instead.
  }
}

export async function clientLoader({ request, params }: { request: Request; params: { return?: string } }) {
  const user = await requireUser(request);
  const query = new URL(request.url).searchParams;
  const kind = params.return;
  const handler = isReturn(kind) ? RETURNS[kind] : undefined;
  if (!handler) throw new Response('Not Found', { status: 404 });
  // A LinkedIn return that names its project goes on to that project's channels as it is.
  const project = query.get('project');
  if (kind === 'linkedin-organization' && project) throw replace(`${paths.projectChannels(project)}?${query}`);

  const received = readOAuthReturn(query, handler.brand);
  if (!received) throw replace(handler.fallback);
  await listenBeforeStoring(user);
  let next = handler.fallback;
  try {
    next = await handler.store(received.code, received.state);
  } catch (error) {
    // An ended session goes to sign in, an API in maintenance to its page; any other refusal is
    // said as a warning with the API's words, on the screen the connection started from.
    const failure = failureToSay(error, request);
    const said = failure && describeApiError(failure);
    if (said) showApiError(said, 'warning');
  }
  throw replace(next);
}
