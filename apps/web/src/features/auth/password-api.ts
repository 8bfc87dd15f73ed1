import { useMutation } from '@tanstack/react-query';
import {
  ChangePasswordResponse,
  CheckUserExistsResponse,
  CreateOtpResponse,
  MessageResponse,
  VerifyOtpResponse,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';

/** The password and one-time-code calls (forgot password, first-login change, phone checks). */

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

export const useCheckUserExistsMutation = () => useMutation({ mutationFn: checkUserExists });
export const useCreateResetOtpMutation = () => useMutation({ mutationFn: createResetOtp });
export const useVerifyOtpMutation = () => useMutation({ mutationFn: verifyOtp });
export const useUpdatePasswordMutation = () => useMutation({ mutationFn: updatePassword });
export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
