import { z } from 'zod/mini';
import { ChannelSchema } from './integrations';
import { pagedSchema } from './common';
import { id, LIMITS, page, SENTIMENTS, text, timestamp } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';
import { planLimitResponse } from './subscription';

const tag = 'Projects';

export const PROJECTS_PAGE_SIZE = 15;

export const ProjectSchema = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    createdAt: timestamp(),
    /** The channels the project follows, by kind then name. */
    channels: z.array(ChannelSchema),
    /** The comments on those channels, replies not counted (docs/decisions/052), by sentiment. */
    commentCounts: z.record(z.enum(SENTIMENTS), z.number()),
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
  description:
    'The landing page after a Facebook sign-up and the projects list both create one here. ' +
    "At most as many projects as the caller's plan includes (`projects`): one more is a 403, checked in the " +
    'same transaction as the insert, so parallel requests cannot both take the last one.',
  tag,
  access: 'user',
  body: ProjectBodySchema,
  responses: {
    201: { description: 'The new project.', body: ProjectSchema },
    ...errors(401, ...BODY_ERRORS),
    ...planLimitResponse,
  },
});

const projectParams = z.object({ id: id() });

export const showProject = defineOperation({
  method: 'GET',
  path: '/v1.0/projects/:id',
  summary: 'One of the caller’s projects',
  description: "Another user's project is not found (404), never shown.",
  tag,
  access: 'user',
  params: projectParams,
  responses: { 200: { description: 'The project.', body: ProjectSchema }, ...errors(401, 404) },
});

export const renameProject = defineOperation({
  method: 'PATCH',
  path: '/v1.0/projects/:id',
  summary: 'Rename a project',
  tag,
  access: 'user',
  params: projectParams,
  body: ProjectBodySchema,
  responses: {
    200: { description: 'The project, renamed.', body: ProjectSchema },
    ...errors(401, 404, ...BODY_ERRORS),
  },
});

export const deleteProject = defineOperation({
  method: 'DELETE',
  path: '/v1.0/projects/:id',
  summary: 'Delete a project',
  description:
    'The project and the list of channels it follows go. The channels stay with the accounts that brought them, ' +
    'with their comments; a TikTok user connected to this project only goes with it (and its imported videos).',
  tag,
  access: 'user',
  params: projectParams,
  responses: { 204: { description: 'Deleted.' }, ...errors(401, 404) },
});

export const listChannels = defineOperation({
  method: 'GET',
  path: '/v1.0/channels',
  summary: "The caller's channels: what their connected accounts brought, and their TikTok users",
  description: 'By kind then name: what a project can follow.',
  tag,
  access: 'user',
  responses: {
    200: { description: 'The channels.', body: z.object({ data: z.array(ChannelSchema) }) },
    ...errors(401),
  },
});

export const AttachChannelBodySchema = z.object({ channelId: id() });

export const attachChannel = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:id/channels',
  summary: 'Make a project follow one of the caller’s channels',
  description:
    'Attaching a channel the project already follows changes nothing. A channel not the caller’s is not found. ' +
    "A project follows at most as many channels as the caller's plan includes (`channelsPerProject`): one more " +
    'is a 403, checked in the same transaction as the link.',
  tag,
  access: 'user',
  params: projectParams,
  body: AttachChannelBodySchema,
  responses: {
    200: { description: 'The project.', body: ProjectSchema },
    ...errors(401, 404, ...BODY_ERRORS),
    ...planLimitResponse,
  },
});

export const detachChannel = defineOperation({
  method: 'DELETE',
  path: '/v1.0/projects/:id/channels/:channelId',
  summary: 'Stop a project following a channel',
  description: 'The channel stays with its account (and in other projects), with its comments.',
  tag,
  access: 'user',
  params: z.object({ id: id(), channelId: id() }),
  responses: { 204: { description: 'Detached.' }, ...errors(401, 404) },
});
