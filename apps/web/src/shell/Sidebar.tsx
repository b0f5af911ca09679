import { useMemo, type ReactNode } from 'react';
import { NavLink, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { SIDEBAR } from '@opengst/contracts';
import {
  IconArrowsExchange,
  IconBook2,
  IconBuildingCommunity,
  IconFileImport,
  IconFileInvoice,
  IconFilePlus,
  IconLayoutDashboard,
  IconPoint,
  IconReceiptTax,
  IconReportAnalytics,
  IconScale,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { loadSettingsQuery } from '../api/sessionData';
import { useText } from '../i18n/useText';
import { hasScreen } from '../shared/screenRoutes';
import { faviconPath } from '../shared/tenantTheme';
import { RIGHT_TOOLTIP } from './rightTooltip';
import { buildSidebar, type SidebarEntry } from './sidebarItems';
import classes from './Sidebar.module.css';

const ICONS: Record<string, ReactNode> = {
  dashboard: <IconLayoutDashboard size={18} stroke={1.6} />,
  litigationDashboard: <IconScale size={18} stroke={1.6} />,
  organization: <IconBuildingCommunity size={18} stroke={1.6} />,
  import: <IconFileImport size={18} stroke={1.6} />,
  createDocument: <IconFilePlus size={18} stroke={1.6} />,
  eInvoice: <IconFileInvoice size={18} stroke={1.6} />,
  eWayBill: <IconTruckDelivery size={18} stroke={1.6} />,
  gstReturns: <IconReceiptTax size={18} stroke={1.6} />,
  generalLedger: <IconBook2 size={18} stroke={1.6} />,
  reports: <IconReportAnalytics size={18} stroke={1.6} />,
  dataActivities: <IconArrowsExchange size={18} stroke={1.6} />,
};
const iconOf = (key: string): ReactNode => ICONS[key] ?? <IconPoint size={18} stroke={1.6} />;

const isActivePath = (path: string | null, pathname: string): boolean =>
  path !== null && (pathname === path || (path === '/quick-access-and-statistics' && pathname === '/'));

const SidebarLink = ({ entry, isOpen, pathname }: { entry: SidebarEntry; isOpen: boolean; pathname: string }) => {
  const t = useText();
  const label = <span className="truncate-narrow">{entry.label}</span>;
  if (entry.children.length > 0) {
    const isActive = entry.children.some((child) => isActivePath(child.path, pathname));
    return (
      <NavLink
        label={isOpen ? label : null}
        leftSection={iconOf(entry.key)}
        defaultOpened={isActive}
        aria-label={entry.label}
        className={classes.link}
      >
        {entry.children.map((child) => (
          <SidebarLink key={child.key} entry={child} isOpen={isOpen} pathname={pathname} />
        ))}
      </NavLink>
    );
  }
  if (entry.state !== 'granted') {
    return (
      <Tooltip label={`${entry.label}: ${t(RIGHT_TOOLTIP[entry.state])}`} position="right" multiline w={260}>
        <div>
          <NavLink
            label={isOpen ? label : null}
            leftSection={iconOf(entry.key)}
            disabled
            aria-disabled
            aria-label={entry.label}
            className={classes.link}
          />
        </div>
      </Tooltip>
    );
  }
  const link = (
    <NavLink
      component={Link}
      to={entry.path ?? '/'}
      label={isOpen ? label : null}
      leftSection={iconOf(entry.key)}
      active={isActivePath(entry.path, pathname)}
      aria-label={entry.label}
      className={classes.link}
    />
  );
  return isOpen ? (
    link
  ) : (
    <Tooltip label={entry.label} position="right">
      {link}
    </Tooltip>
  );
};

/** The left menu of the default layout; collapsed to icons when the hamburger closes it. */
export const Sidebar = ({ isOpen }: { isOpen: boolean }) => {
  const t = useText();
  const { pathname } = useLocation();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const entries = useMemo(
    () =>
      loaded
        ? buildSidebar(SIDEBAR, {
            rights: loaded.rights,
            today: new Date(),
            hiddenKeys: loaded.sidemenuConfig.hiddenKeys,
            subscriberSettings: loaded.settings.subscriberSettings,
            hideNotAllowed: loaded.settings.hideNotAllowedFunctionality,
            hasScreen,
          })
        : [],
    [loaded],
  );
  return (
    <nav className={classes.sidebar} data-open={isOpen} aria-label={t('shell.sidebar')} data-testid="sidebar">
      <div className={classes.brand}>
        {isOpen ? (
          <Text fw={700} c="indigo.8" className="truncate-narrow">
            {loaded?.settings.applicationTitle || 'OpenGST'}
          </Text>
        ) : (
          <img
            src={faviconPath(loaded?.settings.folderName ?? '')}
            alt={loaded?.settings.applicationTitle || 'OpenGST'}
            width={24}
            height={24}
          />
        )}
      </div>
      <div className={classes.links}>
        {entries.map((entry) => (
          <SidebarLink key={entry.key} entry={entry} isOpen={isOpen} pathname={pathname} />
        ))}
      </div>
    </nav>
  );
};
