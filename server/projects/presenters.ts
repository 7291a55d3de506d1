import type { z } from 'zod/mini';
import type { ProjectSchema } from '../../contract/projects';
import type { ProjectRow } from '../db/schema';

/** The contract's Project object. */
export const presentProject = (project: ProjectRow): z.input<typeof ProjectSchema> => ({
  _id: project.id,
  name: project.name,
  createdAt: project.createdAt.toISOString(),
});
