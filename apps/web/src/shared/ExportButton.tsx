import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useText } from '../i18n/useText';

// Export to Excel of exactly what is filtered (UI.md): the API answers the xlsx itself.

export const downloadBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** `download` calls the list's export endpoint with the filters and sort on screen; `label` names another file (a workbook). */
export const ExportButton = ({
  download,
  fileName,
  testId,
  label,
}: {
  download: () => Promise<Blob>;
  fileName: string;
  testId?: string;
  label?: string;
}) => {
  const t = useText();
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const blob = await download();
      downloadBlob(blob, fileName);
    } catch {
      // The client's toast reports the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileSpreadsheet size={14} />}
      loading={isBusy}
      onClick={() => void run()}
      data-testid={testId}
    >
      {label ?? t('list.export')}
    </Button>
  );
};
