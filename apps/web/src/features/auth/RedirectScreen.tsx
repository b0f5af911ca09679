import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_ROUTE, routeByName } from '@opengst/contracts';
import { queryClient } from '../../api/queryClient';
import { ensureSessionData } from '../../api/sessionData';
import { readAuthToken } from '../../api/storage';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { REDIRECT_QUERY } from '../../shared/redirectQuery';
import { hasScreen } from '../../shared/screenRoutes';

/** After sign-in: load the session's settings and master data, then go to the named route or the home route. */
export const RedirectScreen = () => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const named = searchParams.get(REDIRECT_QUERY);
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!readAuthToken()) {
      void navigate('/login', { replace: true });
      return;
    }
    const target = named && hasScreen(named) ? routeByName(named).path : routeByName(HOME_ROUTE).path;
    // The guard of the target route decides the rest (rights, maintenance); a failed load was already reported.
    void ensureSessionData(queryClient)
      .catch(() => undefined)
      .then(() => navigate(target, { replace: true }));
  }, [named, navigate]);
  return <FullPageLoader />;
};
