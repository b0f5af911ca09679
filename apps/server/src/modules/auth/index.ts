// The auth module's face to other modules.
export { assertNewPasswordAllowed } from './auth.service';
