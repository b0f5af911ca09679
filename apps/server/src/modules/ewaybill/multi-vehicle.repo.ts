// The multi-vehicle groups of a document's e-way bill. The e-way bill tables keep one Part B per e-way bill; a group's
// number, declared quantity and the vehicles added to it are the facts each MULTIVEH* action wrote in its audit row (in
// the same transaction as its event), read back here in order. (A table of groups would be the cleaner home: issue 22.)
import type { EwaybillDetail } from '@opengst/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { auditTrail } from '../../db/schema';

export type MultiVehicleGroup = EwaybillDetail['multiVehicleGroups'][number];

/** What a MULTIVEH* action records (storeAction's facts). */
export type MultiVehicleFact =
  | {
      action: 'MULTIVEHMOVINT';
      ewbNumber: string;
      groupNumber: number;
      fromPlace: string;
      toPlace: string;
      transportMode: string;
      totalQuantity: number;
      unitCode: string;
    }
  | {
      action: 'MULTIVEHADD';
      ewbNumber: string;
      groupNumber: number;
      vehicleNumber: string | null;
      transportDocumentNumber: string | null;
      quantity: number;
    }
  | {
      action: 'MULTIVEHUPD';
      ewbNumber: string;
      groupNumber: number;
      oldVehicleNumber: string | null;
      newVehicleNumber: string | null;
      oldTransportDocumentNumber: string | null;
      newTransportDocumentNumber: string | null;
    };

/** The fact of an audit row's `after`, when it is a MULTIVEH* action on the e-way bill `ewbNumber`. */
const factOf = (after: unknown, ewbNumber: string): MultiVehicleFact | null => {
  const fact = after && typeof after === 'object' ? (after as { multiVehicle?: unknown }).multiVehicle : null;
  if (!fact || typeof fact !== 'object') return null;
  const f = fact as { action?: unknown; ewbNumber?: unknown };
  return typeof f.action === 'string' && f.action.startsWith('MULTIVEH') && f.ewbNumber === ewbNumber ? (fact as MultiVehicleFact) : null;
};

/** The groups the facts describe, each vehicle replaced by its change and keeping its quantity. */
export const groupsOf = (facts: readonly MultiVehicleFact[]): MultiVehicleGroup[] => {
  const groups = new Map<number, MultiVehicleGroup>();
  for (const f of facts) {
    if (f.action === 'MULTIVEHMOVINT') {
      const { groupNumber, fromPlace, toPlace, transportMode, totalQuantity, unitCode } = f;
      groups.set(groupNumber, { groupNumber, fromPlace, toPlace, transportMode, totalQuantity, unitCode, vehicles: [] });
      continue;
    }
    const group = groups.get(f.groupNumber);
    if (!group) continue;
    if (f.action === 'MULTIVEHADD')
      group.vehicles.push({ vehicleNumber: f.vehicleNumber, transportDocumentNumber: f.transportDocumentNumber, quantity: f.quantity });
    else {
      const i = group.vehicles.findIndex(
        (v) =>
          (f.oldVehicleNumber !== null && v.vehicleNumber === f.oldVehicleNumber) ||
          (f.oldTransportDocumentNumber !== null && v.transportDocumentNumber === f.oldTransportDocumentNumber),
      );
      const old = group.vehicles[i];
      if (old) group.vehicles[i] = { ...old, vehicleNumber: f.newVehicleNumber, transportDocumentNumber: f.newTransportDocumentNumber };
    }
  }
  return [...groups.values()];
};

/** The multi-vehicle groups of the document's e-way bill `ewbNumber`. */
export const multiVehicleGroupsOf = async (
  db: DbOrTx,
  subscriberId: number,
  documentId: number,
  ewbNumber: string | null,
): Promise<MultiVehicleGroup[]> => {
  if (!ewbNumber) return [];
  const rows = await db
    .select({ after: auditTrail.after })
    .from(auditTrail)
    .where(
      and(eq(auditTrail.subscriberId, subscriberId), eq(auditTrail.entityType, 'EWayBill'), eq(auditTrail.entityKey, String(documentId))),
    )
    .orderBy(asc(auditTrail.id));
  return groupsOf(rows.map((r) => factOf(r.after, ewbNumber)).filter((f): f is MultiVehicleFact => f !== null));
};
