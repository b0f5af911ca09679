import { useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Progress } from '@mantine/core';
import { useDocumentTitle } from './useDocumentTitle';

/** Shows a thin progress bar only when a navigation takes longer than 150 ms (UI.md "Fast"). */
const NavigationProgress = () => {
  const isLoading = useNavigation().state !== 'idle';
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [isLoading]);
  if (!isVisible) return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-label="Loading page"
    />
  );
};

export const RootRoute = () => {
  useDocumentTitle();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
};
