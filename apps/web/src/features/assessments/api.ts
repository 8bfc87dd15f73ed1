import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Bank,
  BankImported,
  type EXAM_STATUSES,
  Exam,
  ExamPage,
  MediaSaved,
  type TrainingLanguage,
  z,
} from '@tasreeh/shared';
import { apiBlob, apiRequest } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What assessment-management asks for: search, course and status filters, sort, keyset pages. */
export interface ExamListParams {
  search: string;
  courseId: string;
  status: '' | (typeof EXAM_STATUSES)[number];
  sort: 'titleEn' | 'titleAr' | 'createdAt';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

export const examListQuery = (params: ExamListParams) =>
  queryOptions({
    queryKey: ['exams', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/exams', params), { schema: ExamPage, signal }),
    placeholderData: keepPreviousData,
  });

export const examCountQuery = (params: ExamListParams) => listCountQuery(['exams'], '/exams', params);

export const examQuery = (id: string) =>
  queryOptions({
    queryKey: ['exams', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/exams/${id}`, { schema: Exam, signal }),
  });

export const bankQuery = (examId: string, language: TrainingLanguage) =>
  queryOptions({
    queryKey: ['exams', 'bank', examId, language],
    queryFn: ({ signal }) => apiRequest(`/exams/${examId}/banks/${language}`, { schema: Bank, signal }),
  });

/** A question's image or recording as bytes (the token goes with it); the file id keys it. */
export const mediaQuery = (examId: number, fileId: string) =>
  queryOptions({
    queryKey: ['exams', 'media', examId, fileId],
    queryFn: ({ signal }) => apiBlob(`/exams/${examId}/media/${fileId}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type ExamBody = Record<string, string>;

export function useSaveExamMutation(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExamBody) =>
      apiRequest(id ? `/exams/${id}` : '/exams', { schema: Saved, method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['exams'] }),
  });
}

export interface AnswerBody {
  text: string;
  correct: boolean;
  audioFileId: string | null;
}
export interface QuestionBody {
  text: string;
  answers: AnswerBody[];
  imageFileId: string | null;
  audioFileId: string | null;
  linkTo?: number | null;
}

const QuestionSaved = z.object({ id: z.number(), message: z.string() });

export function useSaveQuestionMutation(examId: number, language: TrainingLanguage, questionId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionBody) =>
      apiRequest(questionId ? `/questions/${questionId}` : `/exams/${examId}/banks/${language}/questions`, {
        schema: QuestionSaved,
        method: questionId ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['exams'] }),
  });
}

export function useRetireQuestionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/questions/${id}/retire`, { schema: Saved, method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['exams'] }),
  });
}

export function useUploadMediaMutation(examId: number) {
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`/exams/${examId}/media`, { schema: MediaSaved, method: 'POST', body: form });
    },
  });
}

export function useImportBankMutation(examId: number, language: TrainingLanguage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: 'append' | 'replace' }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`/exams/${examId}/banks/${language}/import?mode=${mode}`, {
        schema: BankImported,
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['exams'] }),
  });
}

/** The bank as an .xlsx download. */
export async function downloadBank(examId: number, language: TrainingLanguage) {
  return downloadApiFile(`/exams/${examId}/banks/${language}/export`, `bank-${examId}-${language}.xlsx`);
}
