import type { z } from 'zod/mini';
import type { Sentiment } from '../../contract/fields';
import type { ProjectSchema } from '../../contract/projects';
import type { ChannelRow, ProjectRow } from '../db/schema';
import { presentChannel } from '../integrations/presenters';

/** The contract's Project object. */
export const presentProject = (
  project: ProjectRow,
  channels: ChannelRow[],
  commentCounts: Record<Sentiment, number>,
): z.input<typeof ProjectSchema> => ({
  _id: project.id,
  name: project.name,
  createdAt: project.createdAt.toISOString(),
  channels: channels.map(presentChannel),
  commentCounts,
});
