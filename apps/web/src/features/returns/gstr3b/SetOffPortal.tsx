import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatInr } from '@opengst/domain';
import type { Gstr3bSetOff } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatDate, formatDateTime } from '../../../shared/format';
import { challanLinkOf } from './gstr3bPortalRules';

// What the set-off stands on at the GST portal: the ledgers as the portal holds them (or that they are unknown until
// the user signs in to the portal), the cash still to deposit cell by cell (Rule 87(1)) with a link that opens a
// challan (Form GST PMT-06) prefilled with it, and the offset once sent.

export const SetOffPortal = ({ plan, entityId }: { plan: Gstr3bSetOff; entityId: number }) => {
  const t = useText();
  const link = challanLinkOf(entityId, plan);
  return (
    <Stack gap="xs" data-testid="set-off-portal">
      {plan.portalLedgers === null ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="set-off-ledger-unknown" py={6}>
          <Text size="sm">{t('gstr3b.setOff.ledgerSignIn')}</Text>
        </Alert>
      ) : (
        <Text size="xs" c="dimmed" data-testid="set-off-ledgers-read">
          {t('gstr3b.setOff.ledgersRead', { date: formatDate(plan.creditLedger.asOf ?? plan.asOf) })}
          {plan.portalLedgers.creditHoldsReturnItc ? ` ${t('gstr3b.setOff.ledgersHoldItc')}` : ''}
        </Text>
      )}
      {plan.offset ? (
        <Alert color="green" variant="light" py={6} data-testid="set-off-offset-sent">
          <Text size="sm" fw={500}>
            {t('gstr3b.setOff.offsetSent', { at: formatDateTime(plan.offset.at) })}
          </Text>
        </Alert>
      ) : plan.cashNeeded && link ? (
        <Alert color="yellow" variant="light" icon={<IconCash size={16} />} py={6} data-testid="set-off-cash-needed">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('gstr3b.setOff.cashNeeded')}
            </Text>
            <List size="sm" spacing={0}>
              {plan.cashNeeded.lines
                .filter((line) => line.challan > 0)
                .map((line) => (
                  <List.Item key={`${line.head}-${line.minor}`} data-testid={`cash-needed-${line.head}-${line.minor}`}>
                    {line.explanation}
                  </List.Item>
                ))}
            </List>
            <Anchor component={Link} to={link} size="sm" fw={600} data-testid="create-challan-link">
              {t('gstr3b.setOff.createChallan', { amount: `₹ ${formatInr(plan.cashNeeded.total)}` })}
            </Anchor>
          </Stack>
        </Alert>
      ) : plan.cashNeeded ? (
        <Text size="xs" c="dimmed" data-testid="set-off-cash-enough">
          {t('gstr3b.setOff.cashEnough')}
        </Text>
      ) : null}
    </Stack>
  );
};
