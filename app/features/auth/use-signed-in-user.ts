import { useRouteLoaderData } from '@remix-run/react';
import type { User } from './api';

/**
 * The signed-in user, for pages inside the signed-in layout (whose guard guarantees one). Read
 * from the root loader, which loads the user for every page (the language follows it).
 */
export function useSignedInUser(): User {
  const data = useRouteLoaderData<{ user: User | null }>('root');
  if (!data?.user) throw new Error('useSignedInUser is for pages inside the signed-in layout');
  return data.user;
}
