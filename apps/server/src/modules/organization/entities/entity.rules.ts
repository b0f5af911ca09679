import { ERROR_CATALOGUE, type EntitySaveRequestSchema, type ErrorItem } from '@opengst/contracts';
import { isIsoDate, stateFromCode, TAXPAYER_TYPES, validateGstin, validatePan } from '@opengst/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/database';
import { entities, verticals } from '../../../db/schema';
import { AppError, validationError } from '../../../platform/errors';

export type EntityRow = typeof entities.$inferSelect;
export type EntitySaveInput = z.output<typeof EntitySaveRequestSchema>;

/** The columns a save writes, after every rule has passed. */
export type EntityValues = Pick<
  EntityRow,
  | 'entityType'
  | 'parentEntityId'
  | 'entityName'
  | 'gstin'
  | 'pan'
  | 'stateCode'
  | 'taxpayerType'
  | 'status'
  | 'legalName'
  | 'tradeName'
  | 'address'
  | 'pincode'
  | 'email'
  | 'registrationDate'
  | 'verticalId'
>;

const fieldError = (code: keyof typeof ERROR_CATALOGUE, propertyName: string, message?: string): ErrorItem => ({
  code,
  propertyName,
  message: message ?? ERROR_CATALOGUE[code].message,
  type: 'Error',
});

/** The parent a type requires (spec core §3: business, then location, then child location). */
const PARENT_TYPE = { Business: null, Location: 'Business', ChildLocation: 'Location' } as const;

/** The entity of the subscriber with this id (not deleted), else 404: another tenant's ids do not exist here. */
export const findOwnEntity = async (db: DbOrTx, subscriberId: number, entityId: number): Promise<EntityRow> => {
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, subscriberId), ne(entities.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  return row;
};

/**
 * Checks a save against the hierarchy and GST identity rules and answers the values to write, or throws every field
 * error at once (422). A location's GSTIN must be valid (validateGstin, its message on Gstin), carry the location's
 * state code and the business PAN (s.25(1): one registration per PAN per state; every GSTIN is PAN-based), and be
 * unique within the subscriber.
 */
export const checkEntitySave = async (
  db: DbOrTx,
  subscriberId: number,
  input: EntitySaveInput,
  existing: EntityRow | null,
): Promise<{ values: EntityValues; parent: EntityRow | null }> => {
  const errors: ErrorItem[] = [];
  const parentType = PARENT_TYPE[input.entityType];
  if (existing && (existing.entityType !== input.entityType || (input.parentEntityId ?? null) !== existing.parentEntityId)) {
    throw new AppError('ORG0011', { propertyName: 'EntityType' });
  }
  let parent: EntityRow | null = null;
  if (parentType === null) {
    if (input.parentEntityId) throw new AppError('ORG0004', { propertyName: 'ParentEntityId' });
  } else {
    if (!input.parentEntityId) throw new AppError('ORG0004', { propertyName: 'ParentEntityId' });
    parent = await findOwnEntity(db, subscriberId, input.parentEntityId);
    if (parent.entityType !== parentType) throw new AppError('ORG0004', { propertyName: 'ParentEntityId' });
  }
  const business =
    parent === null ? null : parent.entityType === 'Business' ? parent : await findOwnEntity(db, subscriberId, parent.parentEntityId ?? 0);

  let pan: string | null = null;
  let gstin: string | null = null;
  let stateCode = input.stateCode ?? null;
  if (input.entityType === 'Business') {
    const result = validatePan(input.pan);
    if (result.ok) pan = result.pan;
    else errors.push(fieldError('GEN0009', 'Pan', result.message));
    if (input.gstin) errors.push(fieldError('GEN0009', 'Gstin', 'A business has no GSTIN of its own: add it to a location.'));
  } else {
    pan = business?.pan ?? null;
    // A child location lies in its location's state.
    if (input.entityType === 'ChildLocation') {
      if (stateCode && stateCode !== parent?.stateCode)
        errors.push(fieldError('ORG0001', 'StateCode', 'A child location must be in the same state as its location.'));
      stateCode = parent?.stateCode ?? null;
    }
    if (!stateCode || !stateFromCode(stateCode)) errors.push(fieldError('GEN0009', 'StateCode', 'Choose a state.'));
    if (input.entityType === 'Location' || input.gstin) {
      const result = validateGstin(input.gstin ?? '');
      if (!result.ok) {
        errors.push(fieldError('GEN0009', 'Gstin', result.message));
      } else {
        gstin = result.gstin;
        if (stateCode && result.stateCode !== stateCode) errors.push(fieldError('ORG0001', 'Gstin'));
        if (result.pan !== pan) errors.push(fieldError('ORG0002', 'Gstin'));
        const allowedKinds: readonly string[] = TAXPAYER_TYPES[input.taxpayerType].gstinKinds;
        if (!allowedKinds.includes(result.kind)) {
          errors.push(
            fieldError(
              'GEN0009',
              'TaxpayerType',
              `A GSTIN of this format does not belong to the taxpayer type ${TAXPAYER_TYPES[input.taxpayerType].name}.`,
            ),
          );
        }
      }
    }
  }
  if (gstin) {
    // A deleted entity frees its GSTIN (the unique index skips deleted rows).
    const [clash] = await db
      .select({ id: entities.id })
      .from(entities)
      .where(
        and(
          eq(entities.subscriberId, subscriberId),
          eq(entities.gstin, gstin),
          ne(entities.status, 'Delete'),
          existing ? ne(entities.id, existing.id) : undefined,
        ),
      );
    if (clash) errors.push(fieldError('ORG0003', 'Gstin'));
  }
  if (existing && input.entityType === 'Business' && pan && pan !== existing.pan) {
    // Every GSTIN below the business carries its PAN, so the PAN cannot change under existing GSTINs.
    const [withGstin] = await db
      .select({ id: entities.id })
      .from(entities)
      .where(and(eq(entities.subscriberId, subscriberId), eq(entities.parentEntityId, existing.id), ne(entities.status, 'Delete')));
    if (withGstin) errors.push(fieldError('ORG0002', 'Pan', 'The PAN cannot change while locations carry GSTINs under it.'));
  }
  // The effective date of registration starts the location's returns (returns.queries.ts): it must be a real date (a
  // date before GST, as an older registration may carry, starts them in July 2017).
  if (input.registrationDate && !isIsoDate(input.registrationDate)) {
    errors.push(fieldError('GEN0009', 'RegistrationDate', 'Enter the effective date of registration as a real date (DD-MM-YYYY).'));
  }
  // The vertical (/verticals): absent keeps the entity's own (the import sends none), null clears it. A foreign id does
  // not exist here; an inactive vertical is refused unless the entity already belongs to it.
  const verticalId = input.verticalId === undefined ? (existing?.verticalId ?? null) : input.verticalId;
  if (verticalId !== null && verticalId !== existing?.verticalId) {
    const [vertical] = await db
      .select({ name: verticals.name, status: verticals.status })
      .from(verticals)
      .where(and(eq(verticals.id, verticalId), eq(verticals.subscriberId, subscriberId)));
    if (!vertical) throw new AppError('GEN0003', { propertyName: 'VerticalId', message: 'Vertical not found.' });
    if (vertical.status !== 'Active')
      errors.push(fieldError('GEN0009', 'VerticalId', `${vertical.name} is inactive: choose an active vertical.`));
  }
  if (errors.length > 0) throw validationError(errors);
  return {
    parent,
    values: {
      entityType: input.entityType,
      parentEntityId: parent?.id ?? null,
      entityName: input.entityName,
      gstin,
      pan,
      stateCode: input.entityType === 'Business' ? null : stateCode,
      taxpayerType: input.taxpayerType,
      status: input.status,
      legalName: input.legalName ?? null,
      tradeName: input.tradeName ?? null,
      address: input.address ?? null,
      pincode: input.pincode ?? null,
      email: input.email ?? null,
      registrationDate: input.registrationDate ?? null,
      verticalId,
    },
  };
};
