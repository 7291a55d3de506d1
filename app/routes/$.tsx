import { NotFound } from '~/components/not-found';

/** Every unknown path (spec §2): the not-found page with its way back to the dashboard. */
export default function UnknownPathRoute() {
  return <NotFound />;
}
