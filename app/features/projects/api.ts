import { api } from '~/lib/api';
import { queryClient } from '~/lib/query-client';

export interface Project {
  _id: string;
  name: string;
  createdAt: string;
}

export interface Paged<T> {
  data: T[];
  meta: { total: number; currentPage: number; lastPage: number };
}

export function getProjects(page = 1) {
  return queryClient.ensureQueryData({
    queryKey: ['projects', { page }],
    queryFn: () => api.get<Paged<Project>>('/v1.0/projects', { query: { page } }),
  });
}
