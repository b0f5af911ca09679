// API paths shared by the server's route registration and the web client (spec core §7).
export const API_ROOT = '/api/v0.1';
export const API_ROOT_V2 = '/api/v0.2';

export const API = {
  encryptor: `${API_ROOT}/public/encryptor/get`,
  captchaChallenge: `${API_ROOT}/public/captcha/challenge`,
  preLoadSettings: `${API_ROOT}/preLoadSettings`,
  preResources: `${API_ROOT}/master/preResources`,
  resources: `${API_ROOT}/master/resources`,
  token: `${API_ROOT}/authenticate/token`,
  validateOtp: `${API_ROOT}/validateOtp`,
  regenerateOtp: `${API_ROOT}/regenerateOtp`,
  forgotPassword: `${API_ROOT}/forgotPassword`,
  validateResetLink: `${API_ROOT}/validate`,
  resetPassword: `${API_ROOT}/resetPassword`,
  loadSettings: `${API_ROOT}/loadsettings`,
  logout: `${API_ROOT}/logout`,
  ping: `${API_ROOT}/ping`,
  states: `${API_ROOT}/master/states`,
  financialYears: `${API_ROOT}/master/financialYears`,
  returnPeriods: `${API_ROOT}/master/returnPeriods`,
  userEntities: `${API_ROOT}/user/entities`,
  statistics: `${API_ROOT}/dashboard/statistics`,
  frequentlyUsedGet: `${API_ROOT}/dashboard/quickAccess/frequentlyUsed/get`,
  frequentlyUsedSave: `${API_ROOT}/dashboard/quickAccess/frequentlyUsed/save`,
  outbox: `${API_ROOT}/admin/outbox`,
  maintenance: `${API_ROOT}/admin/maintenance`,
  installationSettings: `${API_ROOT}/admin/installationSettings`,
} as const;
