import { redirect } from '@remix-run/react';
import { signOut } from '~/features/auth/api';
import { actionsOnly } from '~/lib/intents';
import { paths } from '~/lib/paths';

/** Logout: an action only, posted from the app header's fetcher form. */
export async function clientAction() {
  try {
    await signOut();
  } catch {
    // The server may be unreachable; this browser has forgotten the session all the same.
  }
  throw redirect(paths.login());
}

export const clientLoader = actionsOnly;
