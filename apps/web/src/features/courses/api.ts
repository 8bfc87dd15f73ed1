import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type COURSE_STATUSES,
  Course,
  CourseFeeOptionList,
  CoursePage,
  type CourseSector,
  type TrainingLanguage,
  z,
} from '@tasreeh/shared';
import { apiBlob, apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the list screen asks for (course-management: search, filters, sort, keyset pages). */
export interface CourseListParams {
  search: string;
  sector: '' | CourseSector;
  language: '' | TrainingLanguage;
  status: '' | (typeof COURSE_STATUSES)[number];
  sort: 'nameEn' | 'nameAr' | 'createdAt';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

export const courseListQuery = (params: CourseListParams) =>
  queryOptions({
    queryKey: ['courses', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/courses', params), { schema: CoursePage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many courses match a list's search and filters (asked once per filter). */
export const courseCountQuery = (params: CourseListParams) => listCountQuery(['courses'], '/courses', params);

export const courseQuery = (id: string) =>
  queryOptions({
    queryKey: ['courses', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/courses/${id}`, { schema: Course, signal }),
  });

export const courseFeeOptionsQuery = () =>
  queryOptions({
    queryKey: ['courses', 'fee-options'],
    queryFn: ({ signal }) => apiRequest('/courses/fee-options', { schema: CourseFeeOptionList, signal }),
    staleTime: 60_000,
  });

/** A course's image as bytes, shown from a blob; the key carries the file id, so a new image is fetched anew. */
export const courseImageQuery = (courseId: number, fileId: string) =>
  queryOptions({
    queryKey: ['courses', 'image', courseId, fileId],
    queryFn: ({ signal }) => apiBlob(`/courses/${courseId}/image`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The body of the main details: the form's strings, blanks left out. */
export type CourseBody = Record<string, string>;

export function useSaveCourseMutation(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseBody) =>
      apiRequest(id ? `/courses/${id}` : '/courses', { schema: Saved, method: id ? 'PATCH' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['courses'] }),
  });
}

export function useUploadCourseImageMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: number; image: File }) => {
      const form = new FormData();
      form.append('image', image);
      return apiRequest(`/courses/${id}/image`, { schema: Saved, method: 'PUT', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['courses'] }),
  });
}

export interface SessionBody {
  titleEn: string;
  titleAr: string;
  durationMinutes: string;
  trainingType: string;
}

export function useSaveSessionsMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessions: SessionBody[]) =>
      apiRequest(`/courses/${id}/sessions`, { schema: Saved, method: 'PUT', body: { sessions } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['courses'] }),
  });
}

export type ExamBody = Record<
  'questionCount' | 'fullMarks' | 'passingMarks' | 'failedMarks' | 'durationMinutes',
  string
>;

export function useSaveExamMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exam: ExamBody) =>
      apiRequest(`/courses/${id}/exam`, { schema: Saved, method: 'PUT', body: exam }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['courses'] }),
  });
}
