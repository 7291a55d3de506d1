import { z } from 'zod/mini';
import { pagedSchema } from './common';
import { page, timestamp } from './fields';
import { defineOperation, errors } from './operation';

const tag = 'Projects';

export const PROJECTS_PAGE_SIZE = 15;

export const ProjectSchema = z
  .object({ _id: z.uuid(), name: z.string(), createdAt: timestamp() })
  .register(z.globalRegistry, { id: 'Project' });
export type Project = z.infer<typeof ProjectSchema>;

export const listProjects = defineOperation({
  method: 'GET',
  path: '/v1.0/projects',
  summary: "The signed-in user's projects",
  description: `Oldest first, ${PROJECTS_PAGE_SIZE} a page.`,
  tag,
  access: 'user',
  query: z.object({ page: page() }),
  responses: { 200: { description: 'A page of projects.', body: pagedSchema(ProjectSchema) }, ...errors(401, 422) },
});
