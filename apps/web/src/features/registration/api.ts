import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  CreateOtpResponse,
  PublicBranchList,
  type StudentAttachment,
  StudentRegistrationResponse,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';

/** The branches a person may register at (public: no token needed). */
export const publicBranchesQuery = queryOptions({
  queryKey: ['branches', 'public'],
  queryFn: ({ signal }) => apiRequest('/branches/public', { schema: PublicBranchList, signal }),
  staleTime: 5 * 60_000,
});

/**
 * Asks for a 4-digit code texted to the mobile being registered (spec §4 OTP modal); `altcha`
 * is the solved challenge the API asks for first.
 */
export function createPhoneOtp(request: { phone: string; altcha?: string }) {
  return apiRequest('/users/create-otp', { schema: CreateOtpResponse, body: request });
}

export interface StudentRegistration {
  fields: Record<string, string>;
  files: Partial<Record<StudentAttachment, File>>;
}

/** POST /students/register: the text fields, then the photo and the optional ID copy. */
export function registerStudent({ fields, files }: StudentRegistration) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file, file.name);
  return apiRequest('/students/register', { schema: StudentRegistrationResponse, body: form });
}

export const useRegisterStudentMutation = () => useMutation({ mutationFn: registerStudent });
