import { z } from 'zod/mini';
import {
  createProject as createProjectOperation,
  deleteProject as deleteProjectOperation,
  listProjects,
  ProjectBodySchema,
  renameProject as renameProjectOperation,
} from '~contract/projects';
import { id } from '~contract/fields';
import { api } from '~/lib/api';
import { queryClient } from '~/lib/query-client';

export type { Project } from '~contract/projects';

/** This feature's cache keys: every query and invalidation names them through here. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (page: number) => [...projectKeys.lists(), { page }] as const,
  /** A project's TikTok data (its users and what they brought). */
  tiktok: (projectId: string) => [...projectKeys.all, projectId, 'tiktok'] as const,
  tiktokUsers: (projectId: string) => [...projectKeys.tiktok(projectId), 'users'] as const,
};

/** Cached (spec §7 stale time), and read again once invalidated (a project made, a TikTok import ended). */
export function getProjects(page = 1) {
  return queryClient.fetchQuery({
    queryKey: projectKeys.list(page),
    queryFn: () => api.call(listProjects, { query: { page: String(page) } }),
  });
}

/** The new-project form: the API's own body schema, so the form refuses what the API would. */
export const NewProjectSchema = ProjectBodySchema;

export async function createProject(body: { name: string }) {
  const project = await api.call(createProjectOperation, { body });
  await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
  return project;
}

/** The rename form: the API's own name rule, and which project. */
export const RenameProjectSchema = z.extend(ProjectBodySchema, { projectId: id() });

export async function renameProject(projectId: string, name: string) {
  const project = await api.call(renameProjectOperation, { params: { id: projectId }, body: { name } });
  await queryClient.invalidateQueries({ queryKey: projectKeys.all });
  return project;
}

export async function deleteProject(projectId: string) {
  await api.call(deleteProjectOperation, { params: { id: projectId } });
  await queryClient.invalidateQueries({ queryKey: projectKeys.all });
}
