import { projectChannels } from '../db/schema';
import type { Harness } from './harness';

/**
 * A signed-in user with a project `name` following a channel of their own (`<name> page`, no
 * provider behind it): where a test puts comments with `h.factories.comments` and looks at what
 * the project's owner is told.
 */
export async function ownerWithProject(h: Harness, name = 'Osteria') {
  const owner = await h.signedInUser();
  const me = { id: owner.user._id };
  const project = await h.factories.project(me, { name });
  const channel = await h.factories.channel(me, { name: `${name} page` });
  await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
  return { owner, project, channel };
}
