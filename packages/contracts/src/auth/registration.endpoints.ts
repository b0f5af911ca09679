import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  GstinOrPanCheckSchema,
  RegisterGstinOrPanSchema,
  RegistrationCompletedSchema,
  RegistrationOtpSchema,
  RegistrationResendSchema,
  RegistrationStartedSchema,
  RegistrationTokenQuerySchema,
  ValidateGstinOrPanSchema,
} from './registration.schemas';

// The endpoints of self-registration by GSTIN or PAN and an e-mailed OTP (spec core §7 "Registration"), all public.
export const REGISTRATION_ENDPOINTS = {
  registrationValidateGstinOrPan: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/registration/validateGstinOrPan`,
    body: ValidateGstinOrPanSchema,
    response: GstinOrPanCheckSchema,
  }),
  /** Sends the OTP to the e-mail given; the token answered carries the next two steps. */
  registrationRegister: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/registration/registerGstinOrPan`,
    body: RegisterGstinOrPanSchema,
    response: RegistrationStartedSchema,
  }),
  registrationValidateOtp: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/registration/validateOtp`,
    body: RegistrationOtpSchema,
    response: RegistrationCompletedSchema,
  }),
  registrationRegenerateOtp: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/registration/regenerateOtp`,
    query: RegistrationTokenQuerySchema,
    response: RegistrationResendSchema,
  }),
};
export const REGISTRATION_API = pathsOf(REGISTRATION_ENDPOINTS);
