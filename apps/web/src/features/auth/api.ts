import { useMutation } from '@tanstack/react-query';
import {
  ChangePasswordResponse,
  CheckUserExistsResponse,
  CreateOtpResponse,
  LoginResponse,
  MessageResponse,
  TestTokenResponse,
  VerifyOtpResponse,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';

/** Spec §7 login; `altcha` is the solved challenge, only when the API asked for one. */
export function login(body: { email: string; password: string; altcha?: string }) {
  return apiRequest('/auth/login', { schema: LoginResponse, body });
}

/** Checks a token (spec §4: on every protected navigation); the bearer header is the credential. */
export function testToken(token: string, userId: number | undefined, signal?: AbortSignal) {
  return apiRequest('/auth/test-token', {
    schema: TestTokenResponse,
    body: { token, userId },
    token,
    signal,
  });
}

export function logout() {
  return apiRequest('/auth/logout', { schema: z.unknown(), method: 'POST' });
}

export function checkUserExists(email: string) {
  return apiRequest('/check-user-exists', { schema: CheckUserExistsResponse, body: { email } });
}

/**
 * Asks for a password-reset code, sent to the stored phone of the account with this e-mail, in
 * the spec §7 shape: the e-mail and the phone as check-user-exists showed it (masked).
 */
export function createResetOtp(request: { email: string; phone: string }) {
  const body = request.phone ? request : { email: request.email };
  return apiRequest('/users/create-otp', { schema: CreateOtpResponse, body });
}

export function verifyOtp(body: { id: string; otp: string }) {
  return apiRequest('/users/verify-otp', { schema: VerifyOtpResponse, body });
}

export function updatePassword(body: {
  userId: number;
  password: string;
  rePassword: string;
  resetToken: string;
}) {
  return apiRequest('/users/update-password', { schema: MessageResponse, body });
}

export function changePassword(body: { oldPassword: string; newPassword: string }) {
  return apiRequest('/auth/reset-password', { schema: ChangePasswordResponse, body });
}

export const useLoginMutation = () => useMutation({ mutationFn: login });
export const useCheckUserExistsMutation = () => useMutation({ mutationFn: checkUserExists });
export const useCreateResetOtpMutation = () => useMutation({ mutationFn: createResetOtp });
export const useVerifyOtpMutation = () => useMutation({ mutationFn: verifyOtp });
export const useUpdatePasswordMutation = () => useMutation({ mutationFn: updatePassword });
export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
