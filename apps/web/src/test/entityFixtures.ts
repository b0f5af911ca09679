import type { UserEntity } from '@opengst/contracts';

// The user's entities (/user/entities) of the screen tests: a business, which has no GSTIN, and its locations, each
// with a GSTIN, all of which the user may see.

export const BUSINESS: UserEntity = {
  entityId: 1,
  parentEntityId: null,
  gstin: null,
  entityName: 'Acme',
  entityType: 'Business',
  status: 'Active',
  stateCode: null,
  hasAccess: true,
};

/** A location of the business; its state is the GSTIN's first two digits. */
export const gstinLocation = (entityId: number, gstin: string, entityName: string): UserEntity => ({
  entityId,
  parentEntityId: BUSINESS.entityId,
  gstin,
  entityName,
  entityType: 'Location',
  status: 'Active',
  stateCode: gstin.slice(0, 2),
  hasAccess: true,
});

export const MUMBAI = gstinLocation(5, '27AAPFU0939F1ZV', 'Mumbai');
