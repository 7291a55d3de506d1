import { redirect } from '@remix-run/react';
import { paths } from '~/lib/paths';

/** The empty path goes to the projects dashboard (docs/product.md#screens). */
export async function clientLoader() {
  throw redirect(paths.projects());
}

export default function Index() {
  return null;
}
