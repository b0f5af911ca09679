// The organization module's face to other modules.
export { checkEntitySave, type EntityRow } from './entities/entity.rules';
export { grantNewEntity } from './entities/entity.service';
export { turnoversByEntity } from './entities/entity.repo';
export { preparePasswordLink, sendPasswordLink, WELCOME_LINK_MINUTES, type PasswordLink } from './users/password-link.service';
export { deleteUsers, saveUser, updateUserStatus, writeUser, type WithSavedUser } from './users/user.service';
