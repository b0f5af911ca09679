import type { ImportStatus } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { StatusBadge } from '../../shared/StatusBadge';
import { statusTextKey } from './importProgress';

/** An import/file status (spec core §4) in its colour, as people read it. */
export const ImportStatusBadge = ({ status }: { status: ImportStatus }) => {
  const t = useText();
  return <StatusBadge status={status} label={t(statusTextKey(status))} />;
};
