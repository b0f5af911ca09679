// A list's Excel export: the workbook of the rows the list's filters find, its audit row (who exported what and how
// many), and the download headers. The masters' and the notice register's export routes answer through it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../files/xlsx-writer';
import { principalOf } from './access.plugin';
import { writeAudit } from './audit';

/** An export holds every matching row up to this many (a master or the notice register lists thousands at most). */
export const AUDITED_EXPORT_LIMIT = 100_000;

type Export<Row> = {
  /** The audit trail's entity type ('Series', 'IpAddress', ...). */
  entityType: string;
  sheet: string;
  fileName: string;
  columns: readonly XlsxColumn<Row>[];
  rows: readonly Row[];
  filters: unknown;
};

export const sendAuditedExport = async <Row>(db: Db, request: FastifyRequest, reply: FastifyReply, file: Export<Row>) => {
  const workbook = await writeXlsx(file.sheet, file.columns, file.rows);
  await db.transaction((tx) =>
    writeAudit(tx, principalOf(request), {
      entityType: file.entityType,
      entityKey: 'export',
      action: 'Export',
      after: { filters: file.filters ?? {}, rows: file.rows.length },
      ip: request.ip,
    }),
  );
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(workbook);
};
