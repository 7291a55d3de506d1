import { redirect } from '@remix-run/react';
import { paths } from '~/lib/paths';

/** /admin opens the support page (spec §2 route table). */
export async function clientLoader() {
  throw redirect(paths.adminSupport());
}

export default function AdminHome() {
  return null;
}
