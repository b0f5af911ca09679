import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/authApi';
import { queryClient } from '../../api/queryClient';
import { clearLocalData, readStore, writeStore } from '../../api/storage';
import { FullPageLoader } from '../../shared/FullPageLoader';

/** Spec core §2: save the hamburger state, call logout (failure counts as done), clear local storage, go to Login. */
export const LogoutScreen = () => {
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    writeStore('hamburger', readStore('hamburger') ?? true);
    void logout().then(() => {
      clearLocalData();
      queryClient.clear();
      void navigate('/login', { replace: true });
    });
  }, [navigate]);
  return <FullPageLoader />;
};
