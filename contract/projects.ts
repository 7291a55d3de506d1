import { z } from 'zod/mini';
import { ChannelSchema } from './accounts';
import { pagedSchema } from './common';
import { LIMITS, page, text, timestamp } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

const tag = 'Projects';

export const PROJECTS_PAGE_SIZE = 15;

export const ProjectSchema = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    createdAt: timestamp(),
    /** The channels the project follows, by kind then name. */
    channels: z.array(ChannelSchema),
  })
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

/** A project's name: what the user calls it (a brand, a client), one line. */
export const ProjectBodySchema = z.object({ name: text(LIMITS.name) });

export const createProject = defineOperation({
  method: 'POST',
  path: '/v1.0/projects',
  summary: 'Create a project',
  description: 'The landing page after a Facebook sign-up (spec §4) and the projects list both create one here.',
  tag,
  access: 'user',
  body: ProjectBodySchema,
  responses: { 201: { description: 'The new project.', body: ProjectSchema }, ...errors(401, ...BODY_ERRORS) },
});
