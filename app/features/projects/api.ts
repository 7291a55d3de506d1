import { z } from 'zod/mini';
import * as projects from '~contract/projects';
import * as fields from '~contract/fields';
import { api } from '~/lib/api';
import { cached, invalidate } from '~/lib/cache';

export type { Project } from '~contract/projects';

/** This feature's cache keys: every query and invalidation names them through here. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (page: number) => [...projectKeys.lists(), { page }] as const,
  detail: (projectId: string) => [...projectKeys.all, projectId, 'detail'] as const,
  /** A project's TikTok data (its users and what they brought). */
  tiktok: (projectId: string) => [...projectKeys.all, projectId, 'tiktok'] as const,
  tiktokUsers: (projectId: string) => [...projectKeys.tiktok(projectId), 'users'] as const,
};

/**
 * Cached (docs/product.md#data-freshness), and read again once invalidated (a project made, a
 * TikTok import ended). `quietly`: a reading the user did not ask for, which lights no loading bar.
 * `fresh`: read from the API whatever the cache holds (a project made in another tab is not an
 * invalidation here).
 */
export function getProjects(page = 1, { quietly = false, fresh = false }: { quietly?: boolean; fresh?: boolean } = {}) {
  return cached({
    ...(fresh ? { staleTime: 0 } : {}),
    queryKey: projectKeys.list(page),
    queryFn: () =>
      api.call(projects.listProjects, { query: { page: String(page) } }, quietly ? { countsForLoading: false } : {}),
  });
}

/** The new-project form: the API's own body schema, so the form refuses what the API would. */
export const NewProjectSchema = projects.ProjectBodySchema;

export async function createProject(body: { name: string }) {
  const project = await api.call(projects.createProject, { body });
  await invalidate(projectKeys.lists());
  return project;
}

/** The rename form: the API's own name rule, and which project. */
export const RenameProjectSchema = z.extend(projects.ProjectBodySchema, { projectId: fields.id() });

export async function renameProject(projectId: string, name: string) {
  const project = await api.call(projects.renameProject, { params: { id: projectId }, body: { name } });
  await invalidate(projectKeys.all);
  return project;
}

export async function deleteProject(projectId: string) {
  await api.call(projects.deleteProject, { params: { id: projectId } });
  await invalidate(projectKeys.all);
}

export function getProject(projectId: string) {
  return cached({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => api.call(projects.showProject, { params: { id: projectId } }),
  });
}

/** The user's channels, fresh each time (accounts bring new ones in the background). */
export async function getChannels() {
  return (await api.call(projects.listChannels)).data;
}

export async function attachChannel(projectId: string, channelId: string) {
  const project = await api.call(projects.attachChannel, { params: { id: projectId }, body: { channelId } });
  await invalidate(projectKeys.all);
  return project;
}

export async function detachChannel(projectId: string, channelId: string) {
  await api.call(projects.detachChannel, { params: { id: projectId, channelId } });
  await invalidate(projectKeys.all);
}
