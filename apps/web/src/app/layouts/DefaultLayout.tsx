import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useWindowScroll } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { SIDEBAR, type SidebarItem } from '@opengst/contracts';
import { setWorkingYear, useWorkingYear } from '../../shared/workingYear';
import { financialYearsQuery, loadSettingsQuery } from '../../api/sessionData';
import { useTrackFrequentlyUsed } from '../../features/dashboard/dashboardApi';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { isPremiumRight, rightStateOf } from '../../shared/rights';
import { PageTitleBar } from '../../shell/PageTitleBar';
import { Sidebar } from '../../shell/Sidebar';
import { useHamburger } from '../../shell/useHamburger';
import { useCurrentRoute } from '../useDocumentTitle';
import classes from './DefaultLayout.module.css';
import { GeneratedPasswordNotice } from './GeneratedPasswordNotice';

const SIDEBAR_ROUTES = new Set<string>(
  SIDEBAR.flatMap((item: SidebarItem) => [item.route, ...(item.children ?? []).map((child) => child.route)]).filter(
    (name): name is NonNullable<typeof name> => name !== undefined,
  ),
);
const FIXED_AFTER_PX = 50;
// The profile drawer is its own chunk, loaded when the user first opens it.
const ProfileDrawer = lazy(() => import('../../features/profile/ProfileDrawer').then((m) => ({ default: m.ProfileDrawer })));

/** The signed-in application shell: sidebar, page title bar, content. */
export const DefaultLayout = () => {
  const [isSidebarOpen, toggleSidebar] = useHamburger();
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const location = useLocation();
  const [scroll] = useWindowScroll();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: financialYears = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(financialYears);
  const [isProfileOpen, setProfileOpen] = useState(false);
  useTrackFrequentlyUsed(route);

  const isFixed = scroll.y > FIXED_AFTER_PX;
  // Premium when the user reaches the screen only through premium rights (Statistics is also reachable through them).
  const grantedRights =
    route && loaded ? route.rights.filter((rightId) => rightStateOf(loaded.rights, rightId, new Date()) === 'granted') : [];
  const isPremium = Boolean(loaded && grantedRights.length > 0 && grantedRights.every((rightId) => isPremiumRight(loaded.rights, rightId)));
  // Screens outside the sidebar are reached from somewhere; offer the way back when there is one in this tab.
  const canGoBack = route !== null && !SIDEBAR_ROUTES.has(route.name) && location.key !== 'default';
  const style = { '--sidebar-width': isSidebarOpen ? '232px' : '60px' } as CSSProperties;

  return (
    <div className={classes.layout} style={style}>
      <Sidebar isOpen={isSidebarOpen} />
      <div className={classes.main}>
        {isFixed ? <div className={classes.barPlaceholder} /> : null}
        <PageTitleBar
          title={route?.title ?? ''}
          isSidebarOpen={isSidebarOpen}
          onToggleSidebar={toggleSidebar}
          onBack={canGoBack ? () => void navigate(-1) : undefined}
          isPremium={isPremium}
          financialYear={
            financialYears.length > 0 ? { value: workingYear, options: financialYears.map((y) => y.label), onChange: setWorkingYear } : null
          }
          isFixed={isFixed}
          onOpenProfile={() => setProfileOpen(true)}
        />
        <main className={classes.content}>
          <GeneratedPasswordNotice onChange={() => setProfileOpen(true)} />
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {isProfileOpen ? (
        <Suspense fallback={null}>
          <ProfileDrawer opened onClose={() => setProfileOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
};
