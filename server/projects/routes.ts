import { Hono } from 'hono';
import * as projects from '../../contract/projects';
import { PROJECTS_PAGE_SIZE } from '../../contract/projects';
import { presentChannel } from '../integrations/presenters';
import type { Database } from '../db/client';
import type { ProjectRow } from '../db/schema';
import type { AppEnv, Services } from '../http/context';
import { notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { pageOffset, paged } from '../http/paging';
import { countProjectComments } from '../comments/queries';
import { presentProject } from './presenters';
import {
  attachChannel as link,
  channelsOf,
  channelsOfProjects,
  detachChannel as unlink,
  findOwnChannel,
  countProjectsOf,
  deleteProject as removeProject,
  findOwnProject,
  insertProject,
  listProjectsOf,
  renameProject as saveName,
} from './queries';

/** Projects as the contract shows them: each with its channels and its comments counted by sentiment. */
async function present(db: Database, rows: ProjectRow[]) {
  const ids = rows.map((row) => row.id);
  const [channels, counts] = await Promise.all([channelsOfProjects(db, ids), countProjectComments(db, ids)]);
  return rows.map((row) => presentProject(row, channels.get(row.id)!, counts.get(row.id)!));
}

export function projectRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  /**
   * The caller's project `id`; anybody else's is not found, never shown (docs/product.md#access).
   */
  const ownProject = async (ownerId: string, id: string) => {
    const project = await findOwnProject(s.db, ownerId, id);
    if (!project) throw notFound();
    return project;
  };

  route(routes, s, projects.listProjects, async (c, { query }) => {
    const ownerId = c.get('user').id;
    const pageRequest = { page: query.page, pageSize: PROJECTS_PAGE_SIZE };
    const [total, rows] = await Promise.all([
      countProjectsOf(s.db, ownerId),
      listProjectsOf(s.db, ownerId, { limit: PROJECTS_PAGE_SIZE, offset: pageOffset(pageRequest) }),
    ]);
    return reply(c, projects.listProjects, 200, paged(await present(s.db, rows), total, pageRequest));
  });

  route(routes, s, projects.createProject, async (c, { body }) => {
    const row = await insertProject(s.db, c.get('user').id, body.name);
    const [project] = await present(s.db, [row]);
    return reply(c, projects.createProject, 201, project!);
  });

  route(routes, s, projects.showProject, async (c, { params }) => {
    const [project] = await present(s.db, [await ownProject(c.get('user').id, params.id)]);
    return reply(c, projects.showProject, 200, project!);
  });

  route(routes, s, projects.renameProject, async (c, { params, body }) => {
    const project = await ownProject(c.get('user').id, params.id);
    const [renamed] = await present(s.db, [await saveName(s.db, project.id, body.name)]);
    return reply(c, projects.renameProject, 200, renamed!);
  });

  route(routes, s, projects.deleteProject, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.id);
    await removeProject(s.db, project.id);
    c.get('log').info({ userId: project.ownerId, projectId: project.id }, 'project deleted');
    return reply(c, projects.deleteProject, 204);
  });

  route(routes, s, projects.listChannels, async (c) => {
    const rows = await channelsOf(s.db, c.get('user').id);
    return reply(c, projects.listChannels, 200, { data: rows.map(presentChannel) });
  });

  route(routes, s, projects.attachChannel, async (c, { params, body }) => {
    const ownerId = c.get('user').id;
    const project = await ownProject(ownerId, params.id);
    const channel = await findOwnChannel(s.db, ownerId, body.channelId);
    if (!channel) throw notFound();
    if (!(await link(s.db, ownerId, project.id, channel.id))) throw notFound();
    const [shown] = await present(s.db, [project]);
    return reply(c, projects.attachChannel, 200, shown!);
  });

  route(routes, s, projects.detachChannel, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.id);
    if (!(await unlink(s.db, project.id, params.channelId))) throw notFound();
    return reply(c, projects.detachChannel, 204);
  });

  return routes;
}
