import { useCallback, useEffect, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IconTool } from '@tabler/icons-react';
import { routeByName } from '@opengst/contracts';
import { ping } from '../../api/authApi';
import { removeStore } from '../../api/storage';
import { useText } from '../../i18n/useText';
import { StatusPage } from '../../shared/StatusPage';

export const MAINTENANCE_POLL_MS = 30_000;

/** Spec core §2: checks every 30 s; a 204 clears the maintenance flag and goes to Statistics. */
export const UnderMaintenanceScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const [isChecking, setChecking] = useState(false);
  const [hasCheckedOnce, setCheckedOnce] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    const isBack = await ping();
    setChecking(false);
    setCheckedOnce(true);
    if (isBack) {
      removeStore('isUnderMaintenance');
      void navigate(routeByName('Statistics').path, { replace: true });
    }
  }, [navigate]);

  useEffect(() => {
    const timer = setInterval(() => void check(), MAINTENANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [check]);

  return (
    <StatusPage icon={<IconTool size={30} />} color="indigo" heading={t('maintenance.heading')} body={t('maintenance.body')}>
      <Button variant="default" loading={isChecking} onClick={() => void check()}>
        {t('maintenance.checkNow')}
      </Button>
      {hasCheckedOnce && !isChecking ? (
        <Text size="sm" c="dimmed" role="status">
          {t('maintenance.stillDown')}
        </Text>
      ) : null}
    </StatusPage>
  );
};
