import { NotFound } from '~/components/not-found';

export default function NotFoundRoute() {
  return <NotFound />;
}
