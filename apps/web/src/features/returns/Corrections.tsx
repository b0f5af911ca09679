import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { RETURN_TYPE_LABELS, type FiledReturnForm, type ReturnCorrections } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { periodLabel } from '../../shared/filter-bar/periods';
import { formatCount } from '../../shared/format';

// Where the corrections of filed GSTR-1s (documents amended, or missed, after the filing) are reported. Each goes into
// exactly one return: the first generated with it of the GSTR-1A of its period and the later GSTR-1s (the server's
// rule, domain corrections.ts). The list says it in a line per kind; the return screen in sentences.

const hasAny = (c: ReturnCorrections): boolean => c.held > 0 || c.open > 0 || c.elsewhere.length > 0;

/** The returns list's compact lines under a row's document count. */
export const CorrectionLines = ({ corrections }: { corrections: ReturnCorrections }) => {
  const t = useText();
  if (!hasAny(corrections)) return null;
  return (
    <Stack gap={0} data-testid="corrections">
      {corrections.held > 0 ? (
        <Text span size="xs" c="dimmed" data-testid="corrections-held">
          {t('returns.corrections.list.held', { n: formatCount(corrections.held) })}
        </Text>
      ) : null}
      {corrections.open > 0 ? (
        <Text span size="xs" c="dimmed" data-testid="corrections-open">
          {t('returns.corrections.list.open', { n: formatCount(corrections.open) })}
        </Text>
      ) : null}
      {corrections.elsewhere.map((place) => (
        <Text
          span
          size="xs"
          c="dimmed"
          key={`${place.returnType}${place.returnPeriod}`}
          data-testid={`corrections-elsewhere-${place.returnType}-${place.returnPeriod}`}
        >
          {t('returns.corrections.list.elsewhere', {
            type: RETURN_TYPE_LABELS[place.returnType],
            period: periodLabel(place.returnPeriod),
            n: formatCount(place.documents),
          })}
        </Text>
      ))}
    </Stack>
  );
};

/** The return screen's notice: what this return reports of the corrections, and where the others are. */
export const CorrectionsNotice = ({ returnType, corrections }: { returnType: FiledReturnForm; corrections: ReturnCorrections }) => {
  const t = useText();
  if (!hasAny(corrections)) return null;
  const kind = returnType === 'GSTR1A' ? 'gstr1a' : 'gstr1';
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} data-testid="corrections-notice">
      <Stack gap={2}>
        {corrections.held > 0 ? (
          <Text size="sm" data-testid="corrections-held">
            {t(`returns.corrections.${kind}.held`, { n: formatCount(corrections.held) })}
          </Text>
        ) : null}
        {corrections.open > 0 ? (
          <Text size="sm" data-testid="corrections-open">
            {t(`returns.corrections.${kind}.open`, { n: formatCount(corrections.open) })}
          </Text>
        ) : null}
        {corrections.elsewhere.map((place) => (
          <Text
            size="sm"
            key={`${place.returnType}${place.returnPeriod}`}
            data-testid={`corrections-elsewhere-${place.returnType}-${place.returnPeriod}`}
          >
            {t('returns.corrections.elsewhere', {
              type: RETURN_TYPE_LABELS[place.returnType],
              period: periodLabel(place.returnPeriod),
              n: formatCount(place.documents),
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
};
