import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { routeByName } from '@opengst/contracts';
import { queryClient } from '../../api/queryClient';
import { ensureSessionData } from '../../api/sessionData';
import { readAuthToken } from '../../api/storage';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { REDIRECT_QUERY } from '../../shared/redirectQuery';

/**
 * /ap/redirect?provider=… (spec core §2; issue 20): the link an accounting package opens to map its columns. Signed in, it
 * goes to the data mapper (the provider kept in the address); signed out, to Login with the data mapper as the place
 * to return to after sign-in (/login?redirect=DataMapper, then /redirect takes the user there).
 */
export const DataMapperRedirectScreen = () => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const provider = searchParams.get('provider');
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!readAuthToken()) {
      void navigate(`${routeByName('Login').path}?${REDIRECT_QUERY}=DataMapper`, { replace: true });
      return;
    }
    const target = `${routeByName('DataMapper').path}${provider ? `?provider=${encodeURIComponent(provider)}` : ''}`;
    // The data mapper's guard decides the rest (the right MasterDataMapper); a failed load was already reported.
    void ensureSessionData(queryClient)
      .catch(() => undefined)
      .then(() => navigate(target, { replace: true }));
  }, [provider, navigate]);
  return <FullPageLoader />;
};
