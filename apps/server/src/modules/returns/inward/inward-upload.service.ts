// The GSTR-2A/2B JSON a user downloaded from the portal and uploaded through /import (the import module reads it and
// checks its GSTIN): stored as the portal's data of that GSTIN, source and period, replacing what was there as a download
// does, with a download record of its own that ends Manual (method "Upload" in the summary).
import type { InwardSource } from '@opengst/contracts';
import type { Db } from '../../../db/database';
import { startActivity, updateActivity } from '../../data-activities';
import { storeInward, type InwardRead } from './inward-store.repo';

export type InwardUpload = {
  subscriberId: number;
  userId: number;
  entityId: number;
  gstin: string;
  source: InwardSource;
  returnPeriod: string;
  read: InwardRead;
  importId: number;
  fileName: string;
  now: Date;
};

/** Answers the download record of the upload. */
export const storeUploadedInward = async (db: Db, upload: InwardUpload): Promise<number> => {
  const { subscriberId, userId, entityId, gstin, source, returnPeriod } = upload;
  const activityId = await startActivity(db, {
    subscriberId,
    entityId,
    gstin,
    kind: 'Sync',
    action: source,
    returnType: source,
    returnPeriod,
    status: 'InProcess',
    userId,
  });
  try {
    await storeInward(db, { subscriberId, userId }, { entityId, gstin }, { source, returnPeriod }, activityId, upload.read, {
      status: 'Manual',
      now: upload.now,
      about: { importId: upload.importId, fileName: upload.fileName },
    });
  } catch (error) {
    await updateActivity(db, activityId, upload.now, { status: 'Unhandled', message: 'The uploaded file could not be stored.' });
    throw error;
  }
  return activityId;
};
